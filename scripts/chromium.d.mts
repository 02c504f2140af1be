/** Where Chromium is: `CHROME_PATH`, else Debian's. */
export declare const chromiumPath: string;
/** The flags Chromium runs with on this machine. */
export declare const chromiumFlags: string[];
