import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deprecatedBooleans, entitlementsOf, type ProductFlags } from '../../shared/service/entitlements';

const flags = (over: Partial<ProductFlags>): ProductFlags => ({
  photos: false,
  selfie: false,
  videographer: false,
  either_video: false,
  socials: false,
  has_4k: false,
  raw_footage: false,
  ...over,
});

test('a product\'s camera flags give the camera requirement; socials give "all" video', () => {
  assert.deepEqual(entitlementsOf(flags({ selfie: true })), {
    video_entitlement: 'main',
    camera_requirement: 'selfie',
    photos: false,
    has_4k: false,
    raw_footage: false,
  });
  assert.equal(entitlementsOf(flags({ videographer: true, socials: true })).video_entitlement, 'all');
  assert.equal(entitlementsOf(flags({ selfie: true, videographer: true })).camera_requirement, 'both');
  assert.equal(entitlementsOf(flags({ either_video: true })).camera_requirement, 'either');
  assert.deepEqual(entitlementsOf(flags({ photos: true, has_4k: true, raw_footage: true })), {
    video_entitlement: 'none',
    camera_requirement: null,
    photos: true,
    has_4k: true,
    raw_footage: true,
  });
});

test('deprecated booleans follow the spec table for every camera requirement', () => {
  const cases: [string | null, string, object][] = [
    ['selfie', 'main', { selfie: true, videographer: false, either_video: false, socials: false }],
    ['videographer', 'all', { selfie: false, videographer: true, either_video: false, socials: true }],
    ['both', 'main', { selfie: true, videographer: true, either_video: false, socials: false }],
    ['either', 'insta', { selfie: false, videographer: false, either_video: true, socials: false }],
    [null, 'none', { selfie: false, videographer: false, either_video: false, socials: false }],
    [null, 'all', { selfie: false, videographer: false, either_video: false, socials: true }],
  ];
  for (const [camera_requirement, video_entitlement, expected] of cases) {
    assert.deepEqual(
      deprecatedBooleans({ camera_requirement, video_entitlement }),
      expected,
      `${camera_requirement}/${video_entitlement}`,
    );
  }
});
