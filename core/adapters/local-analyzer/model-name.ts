/** The label stored with every analysis and story the offline analyzer writes. */
export const LOCAL_MODEL = 'local-extractive-v1';
