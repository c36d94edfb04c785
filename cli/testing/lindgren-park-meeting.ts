/**
 * A short council meeting as WebVTT (the Lindgren Park vote: a motion, its second, the result)
 * for the `civic analyze --file` tests.
 */
export const LINDGREN_PARK_VTT = `WEBVTT

00:00:01.000 --> 00:00:06.000
<v Mayor Lee>Good evening, I call the regular meeting of the Fairview City Council to order.

00:00:06.000 --> 00:00:14.000
<v Mayor Lee>Our first item is the Lindgren Park renovation, a budget of one point two million dollars.

00:00:14.000 --> 00:00:22.000
<v Councilmember Ortiz>I move that we approve the Lindgren Park renovation budget and direct the city manager to sign the contract by April 15.

00:00:22.000 --> 00:00:27.000
<v Councilmember Chen>I second the motion.

00:00:27.000 --> 00:00:36.000
<v Councilmember Chen>The playground has been closed for two years and families in the east side neighborhoods have nowhere else to go.

00:00:36.000 --> 00:00:42.000
<v Mayor Lee>All in favor? The motion passes five to zero.

00:00:42.000 --> 00:00:50.000
<v Mayor Lee>Our next regular meeting is on Tuesday, April 14, and this meeting is adjourned.
`;
