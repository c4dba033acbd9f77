/** Test data of publishing and review (used by the tests only; never imported by the app). */
import type { Submission } from '@plugin-center/contract';

/** A submission as `GET plugin/audit` returns it. */
export function submission(patch: Partial<Submission> = {}): Submission {
  return {
    id: 1,
    plugin_key: 'grid-helper',
    name: 'Grid Helper',
    intro: 'Grids in one click',
    description: '# Grid Helper',
    tags: ['layout'],
    platforms: ['figma'],
    icon: '/api/cmt/file/icon.png',
    cover_center: '/api/cmt/file/cover.png',
    cover_panel: null,
    reuse_center_cover: true,
    video: null,
    images: ['/api/cmt/file/one.png'],
    has_code_file: true,
    contact: 'ada@example.com',
    version: '1.2.0',
    version_content: 'Faster',
    copyright_type: 'author',
    copyright_name: null,
    developer: null,
    technical_support_link: 'https://example.com/help',
    license: null,
    homepage: null,
    repository: null,
    is_default_install: false,
    review_status: 1,
    reject_reason: null,
    checks: [],
    live_version: null,
    changes: [],
    submitter: { user_id: 7, nick_name: 'Ada' },
    create_time: Date.UTC(2026, 0, 2, 3, 4),
    review_time: null,
    listing: { plugin_key: 'grid-helper', unlisted: false, unlisted_time: null, deprecation: null },
    ...patch,
  };
}
