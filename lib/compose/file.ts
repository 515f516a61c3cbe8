/**
 * The compose module's file: loaded by a content script the first time the panel asks it to insert or read, so the
 * scripts declared on every page of the sites stay small and do nothing at load.
 */
import type { ScriptPublicPath } from 'wxt/utils/inject-script';

export const COMPOSE_FILE: ScriptPublicPath = '/content-compose.js';
