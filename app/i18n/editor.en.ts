import type { DeepStrings } from './ro.ts';
import type { editorRo } from './editor.ro.ts';

export const editorEn: DeepStrings<typeof editorRo> = {
  editor: {
    sections: 'Admin sections',
    opensInNewTab: '(opens in a new tab)',
    tabMenu: 'Menu',
    tabSettings: 'Restaurant settings',
    tabQr: 'QR code',
    upgradeTitle: 'Upgrade to PRO to keep your menu online',
    upgradeDays_one: '{{count}} trial day left.',
    upgradeDays_few: '{{count}} trial days left.',
    upgradeDays_other: '{{count}} trial days left.',
    upgradeProducts_one: 'You can add {{count}} more product of {{limit}}.',
    upgradeProducts_few: 'You can add {{count}} more products of {{limit}}.',
    upgradeProducts_other: 'You can add {{count}} more products of {{limit}}.',
    upgradeAction: 'Upgrade to PRO',
  },
  appErrors: {
    'not-found': 'This item no longer exists. Reload the page.',
    'invalid-input': 'Some fields are not filled in correctly.',
    'slug-taken': 'This URL is already used by another restaurant',
    'slug-reserved': 'The address “{{slug}}” is reserved by the app. Choose another.',
    'product-limit-reached': 'You have reached the free plan’s limit of {{limit}} products. Upgrade to PRO for unlimited products.',
    'image-missing': 'Choose an image.',
    'image-unsupported': 'This file is not an accepted image. Upload a JPEG, PNG, WebP, AVIF or GIF photo.',
    'image-too-large': 'The file is {{sizeMb}} MB; the limit is {{maxMb}} MB.',
    'image-too-many-pixels': 'The image is {{width}}×{{height}} pixels; the limit is {{maxMegapixels}} megapixels.',
    'image-corrupt': 'The image is damaged or incomplete and cannot be read. Try another file.',
  },
};
