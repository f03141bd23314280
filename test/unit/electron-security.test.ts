import assert from 'node:assert/strict';
import type { BrowserWindow, WebPreferences } from 'electron';
import { describe, test } from 'node:test';
import { answerDeskConfig } from '../../electron/shell/desk-config';
import { scrubSecrets } from '../../electron/shell/log-file';
import { menuTemplate } from '../../electron/shell/menu';
import { decideNavigation, guardWebContents } from '../../electron/shell/navigation';
import { APP_SCHEME_PRIVILEGES, externalWebUrl, isAppUrl } from '../../electron/shell/origin';
import { installPermissionHandlers, permissionAllowed } from '../../electron/shell/permissions';
import { guardUnload } from '../../electron/shell/unload-guard';
import { createMainWindow, focusWindow, secureWebPreferences } from '../../electron/shell/window';
import { FakeBrowserWindow, FakeWebContents, fakeEvent } from '../support/fake-electron';

/**
 * What Electron's security checklist (electronjs.org/docs/latest/tutorial/security) asks of a
 * window's web preferences, item by item: the requirement, not a copy of the settings. Each must
 * be spelt out, never left to a default that an Electron upgrade could change.
 */
const CHECKLIST: readonly (readonly [keyof WebPreferences, boolean, string])[] = [
  ['nodeIntegration', false, 'Do not enable Node.js integration for remote content'],
  ['nodeIntegrationInWorker', false, 'Do not enable Node.js integration for remote content (workers)'],
  ['nodeIntegrationInSubFrames', false, 'Do not enable Node.js integration for remote content (frames)'],
  ['contextIsolation', true, 'Enable context isolation'],
  ['sandbox', true, 'Enable process sandboxing'],
  ['webSecurity', true, 'Do not disable webSecurity'],
  ['allowRunningInsecureContent', false, 'Do not enable allowRunningInsecureContent'],
  ['webviewTag', false, 'Verify WebView options before creation: the desk needs no <webview> at all'],
];
/** Checklist items met by leaving a preference out: set at all, it can only weaken the page. */
const NEVER_SET: readonly (keyof WebPreferences)[] = ['experimentalFeatures', 'enableBlinkFeatures'];

describe('the window', () => {
  test("meets each item of Electron's security checklist, spelt out", () => {
    const prefs = secureWebPreferences('/app/out/preload.cjs');
    for (const [key, secure, item] of CHECKLIST) {
      assert.ok(Object.hasOwn(prefs, key), `${key} is set explicitly (${item})`);
      assert.equal(prefs[key], secure, item);
    }
    for (const key of NEVER_SET) assert.equal(prefs[key], undefined, `${key} is not set`);
    assert.equal(prefs.preload, '/app/out/preload.cjs', 'the preload given, and only one');
  });

  test('is created with exactly those preferences', () => {
    const window = createMainWindow(
      FakeBrowserWindow as any,
      '/p.cjs',
      'Dropzone Desk',
      () => undefined,
    ) as unknown as FakeBrowserWindow;
    assert.deepEqual(window.options.webPreferences, secureWebPreferences('/p.cjs'));
  });

  test('loads the app origin and shows itself when painted', async () => {
    const window = createMainWindow(
      FakeBrowserWindow as any,
      '/p.cjs',
      'Dropzone Desk',
      () => undefined,
    ) as unknown as FakeBrowserWindow;
    assert.deepEqual(window.loaded, ['app://desk/']);
    assert.equal(window.options.show, false);
    assert.equal(window.options.webPreferences.sandbox, true);
    window.emit('ready-to-show');
    assert.equal(window.shown, 1);
  });

  test('a second launch restores and focuses the first window', () => {
    const window = new FakeBrowserWindow({});
    window.minimized = true;
    focusWindow(window as any);
    assert.equal(window.restored, 1);
    assert.equal(window.focused, 1);
    focusWindow(null);
  });
});

describe('the app origin', () => {
  test('is recognised by its parts, not by URL.origin (which is "null" for custom schemes)', () => {
    assert.equal(new URL('app://desk/').origin, 'null');
    assert.equal(isAppUrl('app://desk/'), true);
    assert.equal(isAppUrl('app://desk/#/bookings?x=1'), true);
    assert.equal(isAppUrl('app://evil/'), false);
    assert.equal(isAppUrl('app://desk.evil/'), false);
    assert.equal(isAppUrl('app://user@desk/'), false);
    assert.equal(isAppUrl('app://desk:8080/'), false);
    assert.equal(isAppUrl('http://desk/'), false);
    assert.equal(isAppUrl('not a url'), false);
  });

  test('is a standard, secure scheme the page can fetch, with no CSP bypass', () => {
    assert.equal(APP_SCHEME_PRIVILEGES.scheme, 'app');
    assert.equal(APP_SCHEME_PRIVILEGES.privileges.standard, true);
    assert.equal(APP_SCHEME_PRIVILEGES.privileges.secure, true);
    assert.equal(APP_SCHEME_PRIVILEGES.privileges.supportFetchAPI, true);
    assert.equal('bypassCSP' in APP_SCHEME_PRIVILEGES.privileges, false);
  });

  test('only http(s) leaves for the system browser', () => {
    assert.equal(externalWebUrl('https://example.com/a?b=1'), 'https://example.com/a?b=1');
    assert.equal(externalWebUrl('http://example.com'), 'http://example.com/');
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,x',
      'mailto:a@b.c',
      'smb://host/share',
      'https://user:pw@example.com/',
      'app://desk/',
    ]) {
      assert.equal(externalWebUrl(url), null, url);
    }
  });
});

describe('navigation', () => {
  test('own origin allowed; other origins open outside; the server itself, loopback, file: and javascript: go nowhere', () => {
    assert.deepEqual(decideNavigation('app://desk/#/filmers'), { allow: true });
    assert.deepEqual(decideNavigation('https://example.com/'), {
      allow: false,
      openExternally: 'https://example.com/',
    });
    assert.deepEqual(decideNavigation('file:///etc/passwd'), { allow: false, openExternally: null });
    assert.deepEqual(decideNavigation('javascript:alert(1)'), { allow: false, openExternally: null });
    assert.deepEqual(decideNavigation('app://other/'), { allow: false, openExternally: null });
    // The desk's own server, with the token in its start URL: a browser must never be handed it.
    for (const url of [
      'http://127.0.0.1:4780/?token=dzd_x',
      'http://127.0.0.1:51234/api/f1/sync',
      'http://127.1:4780/',
      'http://2130706433:4780/',
      'http://localhost:4780/',
      'http://LOCALHOST./',
      'http://desk.localhost/',
      'http://[::1]:4780/',
      'http://[::ffff:127.0.0.1]:4780/',
      'http://0.0.0.0:4780/',
    ]) {
      assert.deepEqual(decideNavigation(url), { allow: false, openExternally: null }, url);
    }
    // A web page is fine; the same page carrying the session token is not.
    const token = 'dzd_SessionToken123';
    assert.deepEqual(decideNavigation('https://example.com/help?ref=desk', [token]), {
      allow: false,
      openExternally: 'https://example.com/help?ref=desk',
    });
    assert.deepEqual(decideNavigation(`https://example.com/help?t=${token}`, [token]), {
      allow: false,
      openExternally: null,
    });
    assert.deepEqual(
      decideNavigation(`https://example.com/${encodeURIComponent(token).replace('_', '%5F')}`, [token]),
      { allow: false, openExternally: null },
    );
  });

  function guarded() {
    const contents = new FakeWebContents();
    const opened: string[] = [];
    const logged: string[] = [];
    guardWebContents(contents as any, {
      openExternal: async (url) => void opened.push(url),
      log: (line) => logged.push(line),
      secrets: ['dzd_launchToken'],
    });
    return { contents, opened, logged };
  }

  test('installs will-navigate, will-redirect, will-frame-navigate, will-attach-webview and a window.open handler', () => {
    const { contents } = guarded();
    for (const event of ['will-navigate', 'will-redirect', 'will-frame-navigate', 'will-attach-webview'])
      assert.ok(contents.has(event), event);
    assert.equal(typeof contents.windowOpenHandler, 'function');
  });

  test('will-navigate: the app stays, a web link opens outside, file: goes nowhere', () => {
    const { contents, opened, logged } = guarded();
    const inside = fakeEvent();
    contents.emit('will-navigate', inside, 'app://desk/#/log');
    assert.equal(inside.defaultPrevented, false);
    const web = fakeEvent();
    contents.emit('will-navigate', web, 'https://example.com/help?token=secret');
    assert.equal(web.defaultPrevented, true);
    assert.deepEqual(opened, ['https://example.com/help?token=secret']);
    const file = fakeEvent();
    contents.emit('will-navigate', file, 'file:///etc/passwd');
    assert.equal(file.defaultPrevented, true);
    assert.equal(opened.length, 1);
    // The log names where, never the query (which could carry anything).
    assert.ok(
      logged.every((line) => !line.includes('secret')),
      logged.join('\n'),
    );
  });

  test('redirects and sub-frame navigations off the origin are refused, and not opened', () => {
    const { contents, opened } = guarded();
    const redirect = fakeEvent();
    contents.emit('will-redirect', redirect, 'https://evil.example/');
    assert.equal(redirect.defaultPrevented, true);
    const frame = fakeEvent({ isMainFrame: false, url: 'https://evil.example/frame' });
    contents.emit('will-frame-navigate', frame);
    assert.equal(frame.defaultPrevented, true);
    const ownFrame = fakeEvent({ isMainFrame: false, url: 'app://desk/x' });
    contents.emit('will-frame-navigate', ownFrame);
    assert.equal(ownFrame.defaultPrevented, false);
    assert.deepEqual(opened, []);
  });

  test('<webview> is never attached', () => {
    const { contents } = guarded();
    const event = fakeEvent();
    contents.emit('will-attach-webview', event, {}, {});
    assert.equal(event.defaultPrevented, true);
  });

  test("the server's own URL and a URL with the session token are refused and not opened, by link or by window.open", () => {
    const { contents, opened } = guarded();
    for (const url of [
      'http://127.0.0.1:4780/?token=dzd_launchToken',
      'http://localhost:4780/#/settings',
      'https://example.com/?t=dzd_launchToken',
    ]) {
      const event = fakeEvent();
      contents.emit('will-navigate', event, url);
      assert.equal(event.defaultPrevented, true, url);
      assert.deepEqual(contents.windowOpenHandler!({ url }), { action: 'deny' }, url);
    }
    assert.deepEqual(opened, []);
  });

  test('window.open is always denied; http(s) goes to the system browser, other schemes are dropped', () => {
    const { contents, opened } = guarded();
    for (const url of [
      'https://example.com/',
      'http://example.org/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://desk/#/bookings',
      'about:blank',
      'http://127.0.0.1:4780/',
    ]) {
      assert.deepEqual(contents.windowOpenHandler!({ url }), { action: 'deny' }, url);
    }
    assert.deepEqual(opened, ['https://example.com/', 'http://example.org/x']);
  });
});

describe('permissions', () => {
  test('denied by default; only clipboard writes from the app origin', () => {
    assert.equal(permissionAllowed('clipboard-sanitized-write', 'app://desk/#/settings'), true);
    assert.equal(permissionAllowed('clipboard-sanitized-write', 'https://evil.example/'), false);
    assert.equal(permissionAllowed('clipboard-sanitized-write', undefined), false);
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'midi',
      'hid',
      'serial',
      'usb',
      'openExternal',
      'clipboard-read',
      'fullscreen',
      'pointerLock',
    ]) {
      assert.equal(permissionAllowed(permission, 'app://desk/'), false, permission);
    }
  });

  test('both handlers are installed and answer accordingly', () => {
    let request: any;
    let check: any;
    installPermissionHandlers(
      {
        setPermissionRequestHandler: (handler: unknown) => (request = handler),
        setPermissionCheckHandler: (handler: unknown) => (check = handler),
      } as any,
      () => undefined,
    );
    const answers: boolean[] = [];
    const contents = { getURL: () => 'app://desk/' };
    request(contents, 'media', (allowed: boolean) => answers.push(allowed), { requestingUrl: 'app://desk/' });
    request(contents, 'notifications', (allowed: boolean) => answers.push(allowed), {});
    request(contents, 'clipboard-sanitized-write', (allowed: boolean) => answers.push(allowed), {
      requestingUrl: 'app://desk/',
    });
    assert.deepEqual(answers, [false, false, true]);
    assert.equal(check(contents, 'geolocation', 'app://desk', {}), false);
    assert.equal(check(contents, 'clipboard-sanitized-write', 'app://desk', {}), true);
    assert.equal(check(contents, 'clipboard-sanitized-write', 'https://evil.example', {}), false);
  });
});

describe('the preload config', () => {
  const config = () => ({ apiBase: 'app://desk', token: 'dzd_x', version: '0.1.0' });
  test('goes to the app origin main frame only', () => {
    const main = { senderFrame: { url: 'app://desk/', parent: null }, returnValue: undefined as unknown };
    answerDeskConfig(main as any, config);
    assert.deepEqual(main.returnValue, config());
    const foreign = { senderFrame: { url: 'https://evil.example/', parent: null }, returnValue: undefined as unknown };
    answerDeskConfig(foreign as any, config);
    assert.equal(foreign.returnValue, null);
    const subframe = { senderFrame: { url: 'app://desk/', parent: {} }, returnValue: undefined as unknown };
    answerDeskConfig(subframe as any, config);
    assert.equal(subframe.returnValue, null);
    const gone = { senderFrame: null, returnValue: undefined as unknown };
    answerDeskConfig(gone as any, config);
    assert.equal(gone.returnValue, null);
  });
});

describe('the menu', () => {
  test('has the edit, view and window roles and Help with about, data folder and logs folder', () => {
    const clicked: string[] = [];
    const template = menuTemplate({
      appName: 'Dropzone Desk',
      platform: 'linux',
      about: () => clicked.push('about'),
      openDataFolder: () => clicked.push('data'),
      openLogsFolder: () => clicked.push('logs'),
    });
    assert.deepEqual(
      template.map((item) => item.role ?? item.label),
      ['fileMenu', 'editMenu', 'View', 'windowMenu', 'help'],
    );
    const help = template.at(-1)!.submenu as Array<{ label?: string; click?: () => void }>;
    assert.deepEqual(
      help.filter((item) => item.label).map((item) => item.label),
      ['About Dropzone Desk', 'Open data folder', 'Open logs folder'],
    );
    for (const item of help) item.click?.();
    assert.deepEqual(clicked, ['about', 'data', 'logs']);
    const mac = menuTemplate({
      appName: 'Dropzone Desk',
      platform: 'darwin',
      about() {},
      openDataFolder() {},
      openLogsFolder() {},
    });
    assert.equal(mac[0]!.role, 'appMenu');
  });

  test('Reload and the developer tools only in a checkout, not in a release', () => {
    const actions = {
      appName: 'Dropzone Desk',
      platform: 'linux' as const,
      about() {},
      openDataFolder() {},
      openLogsFolder() {},
    };
    const viewOf = (template: ReturnType<typeof menuTemplate>) => template[2]!;
    const release = viewOf(menuTemplate(actions));
    assert.equal(release.label, 'View');
    assert.equal(release.role, undefined, 'not the viewMenu role, which brings Reload and Toggle Developer Tools');
    const roles = (release.submenu as Array<{ role?: string }>).map((item) => item.role).filter(Boolean);
    assert.deepEqual(roles, ['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    assert.ok(!roles.some((role) => /reload|devtools/i.test(role!)));
    assert.equal(viewOf(menuTemplate({ ...actions, developerMenu: true })).role, 'viewMenu');
  });
});

test('the log masks anything shaped like a secret', () => {
  const line = scrubSecrets(
    'token dzd_abcDEF123-_x; Authorization: Bearer s3cr3t, {"password":"hunter2"} api_key=k1 fine',
  );
  assert.ok(!/abcDEF|s3cr3t|hunter2|k1 /.test(line), line);
  assert.match(line, /fine$/);
});

describe('leaving a page with unsent import rows', () => {
  const unloadAttempt = (response: number) => {
    const window = new FakeBrowserWindow({});
    const asked: Array<{ buttons: string[]; message: string; cancelId: number }> = [];
    const logged: string[] = [];
    guardUnload(
      window as unknown as BrowserWindow,
      { showMessageBoxSync: ((_w: unknown, options: never) => (asked.push(options), response)) as never },
      (m) => logged.push(m),
    );
    const event = fakeEvent();
    window.webContents.emit('will-prevent-unload', event);
    return { event, asked, logged };
  };

  test('Leave lets the page unload (the beforeunload answer is overridden)', () => {
    const { event, asked, logged } = unloadAttempt(0);
    assert.deepEqual(asked[0]!.buttons, ['Leave', 'Stay']);
    assert.match(asked[0]!.message, /not sent yet/);
    assert.equal(event.defaultPrevented, true);
    assert.match(logged[0]!, /leaving on request/);
  });

  test('Stay (or Esc: cancelId) keeps the page and its rows', () => {
    const { event, asked } = unloadAttempt(1);
    assert.equal(asked[0]!.cancelId, 1);
    assert.equal(event.defaultPrevented, false);
  });
});
