/** The company's forms (migration 010, issue 14). ISO-8601 UTC text times, which sort as time on both engines. */

/** One message sent through Contact Us, Send feedback or Nominate a space (issue 14). */
export interface FormSubmissionsTable {
  id: string;
  /** CONTACT, FEEDBACK or NOMINATION. */
  kind: string;
  name: string | null;
  email: string | null;
  /** The topic, or the nominated space's name. */
  subject: string | null;
  message: string;
  /** The nominated space's link, or the page feedback is about. */
  url: string | null;
  /** The signed-in sender, if any. */
  userId: string | null;
  /** Where it was sent from: the rate limit counts per address as well as per person. */
  ip: string;
  createdAt: string;
  handledAt: string | null;
  /** The administrator who marked it handled. */
  handledBy: string | null;
}

/** The forms' tables by name. */
export type FormTables = { form_submissions: FormSubmissionsTable };
