// Where the built pieces live, relative to this compiled file (build/main/paths.js).
import { fileURLToPath } from 'node:url';

const buildRoot = fileURLToPath(new URL('..', import.meta.url));

export const builtRendererDir = fileURLToPath(new URL('renderer/', `file://${buildRoot}`));
export const builtPreloadFile = fileURLToPath(new URL('preload/preload.cjs', `file://${buildRoot}`));
/** The holding slates (assets/slates/ in a checkout, build/assets/slates/ once built). */
export const slatesDir = fileURLToPath(new URL('assets/slates/', `file://${buildRoot}`));
