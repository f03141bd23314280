import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CAMERA_REQUIREMENTS, VIDEO_ENTITLEMENTS } from '../../shared/schemas/finance';
import { deprecatedBooleans, entitlementsOf } from '../../shared/service/entitlements';
import {
  productEntitlementProblems,
  storedEntitlements,
  type ProductEntitlements,
} from '../../shared/service/product-entitlements';

/** Every consistent entry: video none with no camera, any other video with each camera; each extra on and off. */
function* entries(): Generator<ProductEntitlements> {
  for (const video of VIDEO_ENTITLEMENTS) {
    for (const camera of video === 'none' ? [null] : CAMERA_REQUIREMENTS) {
      for (let extras = 0; extras < 8; extras += 1) {
        yield {
          video_entitlement: video,
          camera_requirement: camera,
          photos: (extras & 1) > 0,
          has_4k: (extras & 2) > 0,
          raw_footage: (extras & 4) > 0,
        };
      }
    }
  }
}

test('entitlementsOf gives back what was entered, for every consistent entry', () => {
  let n = 0;
  for (const entry of entries()) {
    assert.deepEqual(productEntitlementProblems(entry), {}, JSON.stringify(entry));
    assert.deepEqual(entitlementsOf(storedEntitlements(entry)), entry);
    n += 1;
  }
  assert.equal(n, 8 + 5 * 4 * 8);
});

test("the spec's product booleans are derived exactly as a finance event's deprecated booleans", () => {
  for (const entry of entries()) {
    const stored = storedEntitlements(entry);
    assert.deepEqual(
      {
        selfie: stored.selfie,
        videographer: stored.videographer,
        either_video: stored.either_video,
        socials: stored.socials,
      },
      deprecatedBooleans(entry),
    );
  }
  const both = storedEntitlements({
    video_entitlement: 'all',
    camera_requirement: 'both',
    photos: false,
    has_4k: false,
    raw_footage: false,
  });
  assert.deepEqual([both.selfie, both.videographer, both.either_video, both.socials], [true, true, false, true]);
});

test('video and a camera go together', () => {
  assert.match(
    productEntitlementProblems({ video_entitlement: 'none', camera_requirement: 'selfie' }).camera_requirement!,
    /must be none/,
  );
  assert.match(
    productEntitlementProblems({ video_entitlement: 'insta', camera_requirement: null }).camera_requirement!,
    /must name the camera/,
  );
});
