// Types of media-type.js (plain JavaScript, so that bare-Node scripts can load it too).

/** Whether a Content-Type (parameters allowed) is JSON: `application/json` or `application/…+json`. */
export declare function isJsonMediaType(contentType: string): boolean;
