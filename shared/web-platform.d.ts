/**
 * The globals shared/ may use: ones the page and Node 22 both have, declared with only the members
 * shared/ reads. shared/tsconfig.json gives shared/ neither the DOM lib nor Node's types, so any
 * other global fails its check; the electron and renderer projects see their own full declarations
 * instead (this file is in no other project).
 */

/** The WHATWG URL parser (checkRemoteUrl): the same standard in the browser and in Node. */
interface URL {
  readonly origin: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}
declare const URL: new (input: string, base?: string) => URL;
