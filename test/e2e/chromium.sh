#!/bin/sh
# The e2e tests' Chromium (playwright.config.ts): the browser at $DESK_E2E_CHROMIUM, started with
# the omnibox's popup turned off. Each new browser context is a browser window, and a full Chromium
# running headless still draws that window's address-bar popup (a page of Chromium's own) in a
# renderer of its own: ~2 s of CPU per context, as much as the desk's page itself, for a popup
# nobody sees. Chromium honours only the last --disable-features, so the features Playwright turns
# off (its own --disable-features) are merged into one switch with these, not replaced.
features="WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup"
for arg do
  shift
  case "$arg" in
    --disable-features=*) features="${arg#--disable-features=},$features" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec "${DESK_E2E_CHROMIUM:?the Chromium to start}" "$@" "--disable-features=$features"
