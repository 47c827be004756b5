import { atom } from 'nanostores';
import type {
  AddressInputIn,
  CheckedAddress,
  CheckedContact,
  ContactInput,
  Hold,
  Order,
  OrderAttachment,
  PropertyDetailsInputIn,
  PropertySummary,
} from '../../domain/capture.ts';
import { STEPS, type StepId } from './texts.ts';

/**
 * The order being made in this tab: what each step collected, kept in sessionStorage so a reload
 * (or a trip to sign-in) keeps it, per user. The server re-checks everything on Confirm; this is
 * only the customer's place in the flow.
 */
export interface Draft {
  step: StepId;
  /** The address as typed (country first). */
  address: AddressInputIn | null;
  /** The address the server verified as covered; steps after the first need it. */
  checked: CheckedAddress | null;
  property: PropertyDetailsInputIn | null;
  summary: PropertySummary | null;
  hold: Hold | null;
  contact: ContactInput | null;
  checkedContact: CheckedContact | null;
  attachments: OrderAttachment[];
  accountId: string | null;
  acceptTerms: boolean;
  paymentMethodId: string;
  /** The placed order (summary step). */
  order: Order | null;
  /** The covered message to show once on the property step. */
  flash: string | null;
}

/** An empty order at the first step. */
export const EMPTY_DRAFT: Draft = {
  step: 'address',
  address: null,
  checked: null,
  property: null,
  summary: null,
  hold: null,
  contact: null,
  checkedContact: null,
  attachments: [],
  accountId: null,
  acceptTerms: false,
  paymentMethodId: 'invoice',
  order: null,
  flash: null,
};

const KEY = 'discover:capture-order:v1';

/** The draft of this tab. */
export const $draft = atom<Draft>(EMPTY_DRAFT);

let owner: string | null = null;

/** Reads the tab's draft of this user (another user's draft in the same tab is dropped). */
export function loadDraft(userSid: string): Draft {
  owner = userSid;
  let draft = EMPTY_DRAFT;
  try {
    const raw = sessionStorage.getItem(KEY);
    const saved = raw ? (JSON.parse(raw) as { user?: string; draft?: Partial<Draft> }) : null;
    if (saved?.user === userSid && saved.draft) draft = { ...EMPTY_DRAFT, ...saved.draft };
  } catch {
    // Storage blocked or corrupt: start over.
  }
  draft = { ...draft, step: reachableStep(draft, draft.step) };
  $draft.set(draft);
  return draft;
}

/** Changes the draft and saves it. */
export function updateDraft(change: Partial<Draft>): Draft {
  const next = { ...$draft.get(), ...change };
  $draft.set(next);
  try {
    if (owner) sessionStorage.setItem(KEY, JSON.stringify({ user: owner, draft: next }));
  } catch {
    // Full or blocked storage: the flow still works, it just won't survive a reload.
  }
  return next;
}

/** Forgets the order in progress (after Confirm, the summary keeps only the placed order). */
export function resetDraft(keep: Partial<Draft> = {}): Draft {
  return updateDraft({ ...EMPTY_DRAFT, ...keep });
}

/** Position (1-based) of a step. */
export const stepNumber = (id: StepId) => STEPS.findIndex((s) => s.id === id) + 1;

/** What each step needs from the ones before it. */
function ready(d: Draft, id: StepId): boolean {
  switch (id) {
    case 'address':
      return true;
    case 'property':
      return Boolean(d.address && d.checked);
    case 'schedule':
      return ready(d, 'property') && Boolean(d.property && d.summary);
    case 'contact':
      return ready(d, 'schedule') && Boolean(d.hold);
    case 'review':
      return ready(d, 'contact') && Boolean(d.checkedContact && d.contact);
    case 'checkout':
      return ready(d, 'review') && d.acceptTerms;
    case 'summary':
      return Boolean(d.order);
  }
}

/** The asked step if the draft has what it needs, else the furthest step it can show. */
export function reachableStep(d: Draft, wanted: StepId): StepId {
  if (d.order) return 'summary';
  if (wanted === 'summary') return reachableStep(d, 'checkout');
  if (ready(d, wanted)) return wanted;
  const before = STEPS.slice(0, stepNumber(wanted) - 1)
    .map((s) => s.id)
    .reverse();
  return before.find((id) => ready(d, id)) ?? 'address';
}
