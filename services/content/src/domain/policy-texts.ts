import type { PolicyId } from '@corestone/contracts';

/**
 * Written with only the markdown the policy pages render (user-app §2: headings, paragraphs,
 * bulleted and numbered lists, bold, italic) — no tables, links or HTML.
 *
 * The policies a fresh installation starts with: complete texts for an online essay-feedback
 * service used by IB Diploma students aged 16 to 19. Operators adapt them in the back office
 * (Policies & CMS) before launch. Contact details are `{{placeholders}}` filled in from the
organisation settings when the public reads a policy (see domain/placeholders.ts).
 */
export const SEEDED_POLICIES: Record<PolicyId, { title: string; content: string }> = {
  privacy: {
    title: 'Privacy Policy',
    content: `# Privacy Policy

This policy explains what personal information Corestone collects when you use our essay-feedback
service, why we collect it, how long we keep it and the choices you have. Corestone is built for
International Baccalaureate (IB) Diploma students, most of them aged 16 to 19, and for their
teachers. We have written this policy to be read by students, not only by lawyers.

## 1. Who we are

Corestone is operated by {{organisation_name}}, a registered Canadian business that also offers
online tutoring for IBDP students. Our postal address: {{postal_address}}. We handle personal
information in line with Canada's *Personal Information Protection and Electronic Documents Act*
(PIPEDA) and, for users in the European Economic Area or the United
Kingdom, the GDPR principles of lawfulness, data minimisation and purpose limitation.

Questions about privacy: **{{contact_email}}**.

## 2. What we collect

- **Account details**: your name, e-mail address, account type (student or teacher), a password
  stored only as a one-way hash, and an optional profile picture.
- **Essays you upload**: the file, the text we extract from it, the title, subject, research
  question or prescribed title, and any context you add.
- **Feedback we produce**: criterion scores, bands, comments, improvement tips and grades.
- **Purchases**: the plan you bought, the amount and the date. Card details are entered on our
  payment provider's page (Stripe) and never reach our servers.
- **Technical records**: sign-in times, the address your requests come from and error logs, kept to
  secure the service and fix problems.

We do not collect your date of birth, your home address or your school records, and we never ask
for information about your health, religion or other sensitive matters. Please do not put such
details in an essay unless the essay needs them.

## 3. Why we use it

- To run your account and sign you in securely.
- To assess the essays you upload and show you the feedback.
- To keep track of your essay credits and purchases.
- To answer messages you send us.
- To keep the service safe: detecting abuse, repeated failed sign-ins and attacks.

We do **not** sell personal information, we do not show advertising and we do not build
marketing profiles of students.

## 4. Automated assessment and AI providers

Feedback is produced automatically against the published IB assessment criteria. When an
external AI model is used, the essay text and the rubric are sent to that provider under a
contract that forbids using them to train its models and requires deletion after processing.
Your name and e-mail address are not sent with the essay. Feedback is guidance only: it is never
an official IB mark and no decision about you is taken by the system alone.

## 5. How long we keep it (data retention)

- **Essays, extracted text and feedback**: until you delete them, or until your account is deleted.
- **Account details**: while your account is active; deleted after **24 months** without a sign-in
  (we e-mail you 30 days before).
- **Purchase records**: **7 years**, because tax law requires it (without any essay content).
- **Security logs**: **90 days**.
- **Password-reset links**: one hour, and each works once.

## 6. Deleting your essays and your account

- You can delete any essay at any time from **My Submissions**. The essay, its extracted text and
  its feedback are removed from the live service at once and from backups within **30 days**.
- You can ask us to delete your whole account by writing to the address above from the e-mail
  address of the account. We confirm within 30 days; purchase records are then kept only as
  section 5 requires.
- You can also ask for a copy of the information we hold about you, or for corrections.

## 7. Who can see your information

- **You.** Other students never see your essays or results.
- **Our administrators**, only when needed to support you, review an assessment you asked us to
  look at, or investigate misuse. Every administrator is bound by confidentiality.
- **Service providers** that host our servers, process payments (Stripe) or send e-mail, each
  bound by contract to use the information only for us.
- **Authorities**, only when the law requires it or when a young person is at risk (see our
  Safeguarding Policy).

Your information may be processed in Canada and in other countries where our providers operate,
with safeguards that give it the same level of protection.

## 8. Security

Connections are encrypted, passwords are hashed, stored API keys are encrypted, and access to our
systems is limited to the people who need it. No system is perfectly secure; if a breach puts your
information at risk we will tell you and the relevant authority without undue delay.

## 9. Students under 18

Our users are usually 16 to 19. If you are under the age of digital consent where you live, a
parent or guardian must agree to your use of Corestone. We do not knowingly accept users under 16.
Parents and guardians may contact us to see, correct or delete their child's information.

## 10. Cookies and local storage

We do not use advertising or tracking cookies. Your browser keeps your sign-in tokens in local
storage so that you stay signed in; signing out removes them.

## 11. Changes to this policy

When we change this policy we update the date shown with it and, for important changes, tell you
by e-mail or in the app before the change takes effect.
`,
  },

  safeguarding: {
    title: 'Safeguarding Policy',
    content: `# Safeguarding Policy

Most people who use Corestone are young people aged 16 to 19. Their safety and wellbeing come
before every other consideration. This policy sets out how we protect them and what anyone should do
if they are worried about a young person.

## 1. Our commitments

- We keep contact between staff and students to what the service needs: support messages about
  accounts, payments and feedback, always in writing and through official channels.
- Corestone has no chat between users, no public profiles and no way for one user to see another
  user's essays or results.
- We collect only the information the service needs (see our Privacy Policy).
- Everyone who works with student data is trained in safeguarding, bound by confidentiality and,
  where the law allows, background-checked before being given access.

## 2. Designated Safeguarding Lead

A named Designated Safeguarding Lead (DSL) is responsible for this policy, for training and for
acting on concerns. Write to **{{safeguarding_email}}**; messages are read every working
day. In an emergency, or if a young person is in immediate danger, call your local emergency
number first.

## 3. Concerns found in essays

Essays sometimes touch on personal experiences. Feedback is produced automatically and essays are
not read by staff as a matter of course. When a member of staff does read an essay — because a user
asked for a review, or to investigate a problem — and it suggests that the writer or someone else
may be at risk of harm, they must:

1. not promise to keep the concern secret;
2. record what they saw, factually and promptly;
3. pass it to the DSL the same day, and to no one else.

The DSL decides on next steps, which may include contacting the student, the student's school or,
where the law requires or a young person is at risk, child-protection services or the police.

## 4. Reporting a concern

Anyone — a student, parent, teacher or member of staff — can raise a concern about a young person's
safety or about the conduct of anyone connected with Corestone by writing to the DSL. Concerns
about staff are handled by the DSL independently of that person's manager. We will not treat
anyone unfairly for raising a concern in good faith.

## 5. Online safety

- Accounts are protected by hashed passwords and short-lived sign-in tokens; sessions can be ended
  by changing the password.
- Administrators can deactivate any account that is misused.
- We never ask students for photographs, phone numbers or social media details, and we never
  contact students through personal social media accounts.
- Links to our social media pages lead to public pages only.

## 6. Staff and contractors

Staff and contractors with access to student data must follow a code of conduct: professional
language at all times, no private contact with students, no sharing of student work outside the
service, and immediate reporting of any concern to the DSL.

## 7. Records and review

Safeguarding records are kept securely, separately from ordinary support records, and only for as
long as the law and good practice require. This policy is reviewed at least once a year and
after any serious incident.
`,
  },

  'client-terms': {
    title: 'Client Terms of Service',
    content: `# Client Terms of Service

These terms are the agreement between you and Corestone when you create an account, buy essay
credits or use our feedback service. Please read them; by using Corestone you accept them. If you
are under 18, a parent or guardian should read them with you.

## 1. The service

Corestone gives rubric-based feedback on International Baccalaureate Extended Essays and Theory of
Knowledge essays: criterion scores, bands, improvement tips and an indicative grade. Feedback is
**guidance only**. It is not an official IB mark, does not predict your final result with
certainty, and Corestone is not affiliated with or endorsed by the International Baccalaureate
Organization.

## 2. Your account

- Accounts are for students and teachers aged 16 or over.
- Give accurate details and keep your password to yourself; you are responsible for what is done
  with your account.
- One account per person. Accounts may not be shared or sold.

## 3. Essay credits

- Each essay evaluation uses **1 credit**.
- Every new account includes **1 free credit**.
- Credits are bought in packs: **Core Pack** (5 credits, $19.99) and **Super Core Pack**
  (10 credits, $35.99). Prices are in US dollars and include any applicable taxes unless stated.
- Credits **do not expire** and packs add up.
- **Power User** gives unlimited evaluations to schools and institutions under a separate written
  agreement; contact us to set it up.
- Credits are personal to the account that holds them and cannot be transferred or exchanged for
  cash, except as section 5 allows.

## 4. Payments

Payments are taken by our payment provider (Stripe) on its secure checkout page; we never see your
card details. Credits are added to your account as soon as the payment is confirmed.

## 5. Refunds

- If an evaluation **fails** for a technical reason, its credit is returned to your account
  automatically.
- You may ask for a full refund of a pack within **14 days** of purchase if **none** of its credits
  has been used.
- Used credits are not refundable, because the feedback has already been provided.
- If you believe an evaluation was clearly wrong because of a fault on our side, write to us within
  30 days; we will review it and, where we agree, return the credit.
- Refunds go back to the original payment method. Your statutory consumer rights are not affected.

## 6. Acceptable use

You must not:

- upload work that is not yours or that you have no right to share;
- upload unlawful, abusive or harmful material, or personal information about other people;
- try to break, overload, reverse-engineer or get around the security or credit limits of the
  service;
- use Corestone to produce work that you then present as your own (see our Academic Integrity
  Policy).

We may suspend or close an account that breaks these rules. Unused credits of an account closed for
a serious breach are not refunded.

## 7. Your essays

You keep all rights in the essays you upload. You allow us to store and process them only to
provide the service to you. We do not publish your essays and do not use them to train AI models.
You can delete them at any time (see our Privacy Policy).

## 8. Availability and changes

We aim to keep Corestone available around the clock but cannot promise uninterrupted service.
We may improve or change features; if we change these terms in a way that matters to you, we tell
you in advance, and you may stop using the service and ask for a refund of unused credits bought
in the previous 14 days.

## 9. Liability

We provide the service with reasonable care and skill. Feedback is an aid to your own work; we are
not liable for examination results, university offers or decisions you take on the basis of the
feedback. Nothing in these terms limits liability that cannot be limited by law.

## 10. Governing law and contact

These terms are governed by the laws of the Canadian province in which Corestone is registered and
the federal laws of Canada that apply there. Questions and refund requests:
**{{contact_email}}**, or by post to {{organisation_name}}, {{postal_address}}.
`,
  },

  'academic-integrity': {
    title: 'Academic Integrity Policy',
    content: `# Academic Integrity Policy

Corestone exists to help students learn to write better essays themselves. This policy explains
what the service does and does not do, and what we expect from the students and teachers who use
it.

## 1. Feedback only — never writing

- Corestone **gives feedback and grading guidance only**. It assesses the essay you wrote against
  the IB assessment criteria and explains where it meets them and how it could improve.
- Corestone **never writes, rewrites, paraphrases or generates essay content** for you. It does not
  produce paragraphs, arguments, research questions, thesis statements or conclusions to copy.
- Improvement tips describe *what* to work on ("the evaluation of your sources is brief") — the
  work itself stays yours.

## 2. Your responsibilities as a student

- Everything you submit to the IB must be your own work, as the IB's academic integrity policy
  requires. Using Corestone does not change that.
- Follow your school's rules on the use of feedback tools. If your school or supervisor requires
  it, tell them that you used Corestone and keep the feedback reports.
- Acknowledge any help you received in the way your school and the IB require. If you use any
  AI tool to produce text or ideas that appear in your work, you must cite it; presenting such
  content as your own is academic misconduct.
- Do not upload another person's work as your own, and do not share your feedback reports in a way
  that helps others copy your work.

## 3. Teachers and supervisors

Teachers may use Corestone to prepare their own feedback or to check their understanding of the
criteria. Corestone's indicative grades are not a substitute for the supervisor's professional
judgement, and must not be presented to the IB as predicted grades without that judgement.

## 4. Extended Essay supervision

For the Extended Essay, the IB limits how much feedback a supervisor may give on a draft.
Automated feedback is not supervisor feedback, but students should still use it as a learning aid
rather than a line-by-line editing service, and discuss it with their supervisor.

## 5. What we do to protect integrity

- The service has no feature that produces essay text, and requests for one are refused.
- We keep no public library of essays, so work uploaded to Corestone cannot be found and copied by
  other users.
- Administrators may suspend accounts used to break this policy, for example to obtain feedback on
  work that was bought or written by someone else.

## 6. Questions

If you are unsure whether a particular use of Corestone is allowed, ask your IB coordinator or
supervisor first, or write to us at **{{contact_email}}**.
`,
  },
};
