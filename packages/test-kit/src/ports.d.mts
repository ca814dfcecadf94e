/** A free TCP port on `host` (default 127.0.0.1), chosen by the operating system. */
export declare function freePort(host?: string): Promise<number>;
