import type { DeepStrings } from './ro.ts';
import type { accountRo } from './account.ro.ts';

/** English strings of the account page's sign-in settings (password, e-mail), spread into en.ts. */
export const accountEn: DeepStrings<typeof accountRo> = {
  accountSecurity: {
    nameTitle: 'Your name',
    nameHelp: 'Your team sees it beside your address, and so do the people you invite.',
    saveName: 'Save name',
    nameSaved: 'Your name was saved.',
    passwordTitle: 'Change password',
    passwordHelp: 'Every other device will be signed out. We send you an e-mail to confirm.',
    currentPassword: 'Current password',
    newPassword: 'New password',
    savePassword: 'Change password',
    passwordChanged: 'Your password was changed. Other devices were signed out.',
    emailTitle: 'Change e-mail address',
    emailHelp: 'Current address: {{email}}. We send a link to the new address; the change happens when you open it.',
    newEmail: 'New e-mail address',
    password: 'Current password',
    saveEmail: 'Send the confirmation link',
    emailChangeSent: 'We sent a confirmation link to {{email}}. The address changes once you open it.',
    sameEmail: 'This is already the account’s address.',
  },
  securityMail: {
    passwordChanged: {
      subject: 'Your Bucate password was changed',
      lead: 'The password of your Bucate account was just changed, and other devices were signed out.',
    },
    emailChange: {
      subject: 'Request to change your Bucate e-mail address',
      lead: 'Someone signed in to your Bucate account asked to move it to {{email}}. The change happens only once the new address is confirmed.',
    },
    notYou: 'If this was not you, change your password right away here: {{url}} and write to us.',
  },
};
