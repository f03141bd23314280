import { FuseV1Options, FuseVersion, flipFuses, type FuseV1Config } from '@electron/fuses';
import { Arch, type AfterPackContext } from 'electron-builder';
import { join } from 'node:path';

/**
 * Electron's fuses for the packaged app, flipped in the executable after packing and before
 * signing (electron-builder's afterPack). Each closes a way to run other code with the app's
 * identity (and its keychain entry):
 *  - RunAsNode off: ELECTRON_RUN_AS_NODE cannot turn the app into a plain node;
 *  - NODE_OPTIONS ignored, --inspect/--inspect-brk refused: no code injection at start;
 *  - the app only from app.asar, whose embedded hash is checked (macOS, Windows);
 *  - cookies encrypted at rest (the desk sets none; free insurance);
 *  - file:// gets no extra privileges (the window loads app://desk only).
 *
 * DESK_E2E_BUILD=1 keeps the one fuse Playwright's _electron needs: it drives the app through the
 * Node inspector (--inspect=0), so EnableNodeCliInspectArguments stays on in that build, and only there.
 */
export function fuseConfig(e2eBuild: boolean): FuseV1Config {
  return {
    version: FuseVersion.V1,
    strictlyRequireAllFuses: true,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: e2eBuild,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

export function isE2eBuild(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DESK_E2E_BUILD === '1';
}

/** The file that holds the fuse wire: the .app bundle on macOS, the executable elsewhere. */
export function electronExecutable(
  context: Pick<AfterPackContext, 'appOutDir' | 'electronPlatformName' | 'packager'>,
): string {
  const { productFilename } = context.packager.appInfo;
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(context.appOutDir, `${productFilename}.app`);
    case 'win32':
      return join(context.appOutDir, `${productFilename}.exe`);
    default:
      return join(
        context.appOutDir,
        (context.packager as { executableName?: string }).executableName ?? productFilename,
      );
  }
}

/**
 * electron-builder's afterPack hook: flips the fuses of the packed executable, release or e2e
 * build by DESK_E2E_BUILD. `flip` and `env` are parameters so a test can record what it would do
 * (flipping needs a real Electron executable).
 */
export function fusesAfterPack(flip: typeof flipFuses = flipFuses, env: NodeJS.ProcessEnv = process.env) {
  return async (
    context: Pick<AfterPackContext, 'appOutDir' | 'electronPlatformName' | 'packager' | 'arch'>,
  ): Promise<void> => {
    const e2e = isE2eBuild(env);
    const executable = electronExecutable(context);
    const config = fuseConfig(e2e);
    // An arm64 macOS binary must stay ad-hoc signed after its bytes change, or it will not start.
    config.resetAdHocDarwinSignature = context.electronPlatformName === 'darwin' && context.arch === Arch.arm64;
    await flip(executable, config);
    console.log(
      `  • fuses flipped in ${executable}${e2e ? ' (DESK_E2E_BUILD=1: Node CLI inspect kept on for Playwright)' : ''}`,
    );
  };
}

export const applyFuses = fusesAfterPack();
