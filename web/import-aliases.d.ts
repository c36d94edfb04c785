/** Types of web/import-aliases.js: alias name to absolute folder. */
export declare const WEB_IMPORT_ALIASES: Readonly<Record<'@' | '@domain' | '@testing', string>>;
