import { defineTexts } from '../../lib/i18n.ts';

/** Texts of the Submissions screen (what visitors sent through the company's forms). */
export const t = defineTexts('submissions', {
  title: 'Submissions',
  description: 'What visitors sent through Contact Us, Send feedback and Nominate a space, newest first.',
  'filter.kind': 'Form',
  'filter.status': 'Status',
  'kind.all': 'All forms',
  'kind.CONTACT': 'Contact Us',
  'kind.FEEDBACK': 'Send feedback',
  'kind.NOMINATION': 'Nominate a space',
  'status.open': 'Open',
  'status.handled': 'Handled',
  'status.all': 'Open and handled',
  'col.received': 'Received',
  'col.form': 'Form',
  'col.from': 'From',
  'col.message': 'Message',
  'col.status': 'Status',
  'action.handle': 'Mark handled',
  'action.reopen': 'Reopen',
  handled: 'Marked handled.',
  reopened: 'Opened again.',
  empty: 'Nothing was sent through these forms yet.',
  anonymous: 'No name given',
  table: 'Form submissions',
});
