/**
 * Roster fixtures made on the fly (nothing big is committed): a OneRoster 1.2 or 1.1 bulk set, or a
 * one-file CSV, for a school of N teachers, M students and K classes. Files are produced as
 * streams of chunks, so a 10,000-user roster never exists as one string either.
 */
import { ZipFile } from 'yazl';
import type { RosterSource } from '../src/domain/roster/model';

export interface RosterSpec {
  teachers: number;
  students: number;
  classes: number;
  /** '1.2' (default): roles.csv and manifest.csv; '1.1': role and orgSourcedIds in users.csv */
  version?: '1.1' | '1.2';
  /** mail domain (default school.test) */
  domain?: string;
  /** school org sourcedId (default org-1) and name */
  orgId?: string;
  orgName?: string;
  /** student index → class index (default i % classes) */
  classOfStudent?: (i: number) => number;
  /** user sourcedIds left out of users, roles and enrollments */
  omit?: ReadonlySet<string>;
  /** user sourcedId → given name instead of the generated one */
  givenNames?: ReadonlyMap<string, string>;
  /** user sourcedIds written with enabledUser=false */
  disabled?: ReadonlySet<string>;
}

export const teacherId = (i: number): string => `t-${i}`;
export const studentId = (i: number): string => `s-${i}`;
export const classId = (i: number): string => `c-${i}`;
export const teacherEmail = (i: number, domain = 'school.test'): string => `teacher${i}@${domain}`;
export const studentEmail = (i: number, domain = 'school.test'): string => `student${i}@${domain}`;

const STAMP = '2026-09-01T00:00:00.000Z';

/** Joins generated lines into chunks of a few hundred rows. */
async function* chunked(header: string, lines: () => Iterable<string>): AsyncGenerator<string> {
  let chunk = `${header}\r\n`;
  let n = 0;
  for (const line of lines()) {
    chunk += `${line}\r\n`;
    if (++n % 500 === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

export type FileMaker = () => AsyncIterable<string>;

/** The OneRoster bulk set for `spec`, file name → a maker of its chunks. */
export function oneRosterFiles(spec: RosterSpec): Record<string, FileMaker> {
  const version = spec.version ?? '1.2';
  const domain = spec.domain ?? 'school.test';
  const org = spec.orgId ?? 'org-1';
  const orgName = spec.orgName ?? 'Corestone International School';
  const omit = spec.omit ?? new Set<string>();
  const classOf = spec.classOfStudent ?? ((i: number) => i % spec.classes);
  const people = function* (): Generator<{ id: string; email: string; given: string; family: string; role: string }> {
    for (let i = 0; i < spec.teachers; i++) {
      const id = teacherId(i);
      if (!omit.has(id))
        yield { id, email: teacherEmail(i, domain), given: spec.givenNames?.get(id) ?? `Teacher${i}`, family: 'Tutor', role: 'teacher' };
    }
    for (let i = 0; i < spec.students; i++) {
      const id = studentId(i);
      if (!omit.has(id))
        yield { id, email: studentEmail(i, domain), given: spec.givenNames?.get(id) ?? `Student${i}`, family: 'Learner', role: 'student' };
    }
  };
  const enabled = (id: string): string => (spec.disabled?.has(id) ? 'false' : 'true');
  const files: Record<string, FileMaker> = {
    'orgs.csv': () =>
      chunked('sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId', function* () {
        yield `district-1,,${STAMP},North District,district,,`;
        yield `${org},,${STAMP},"${orgName}",school,IB-000123,district-1`;
      }),
    'academicSessions.csv': () =>
      chunked('sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear', function* () {
        yield `term-1,,${STAMP},May 2027,term,2026-09-01,2027-05-31,,2027`;
      }),
    'classes.csv': () =>
      chunked(
        'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods',
        function* () {
          for (let c = 0; c < spec.classes; c++) {
            yield `${classId(c)},,${STAMP},Class ${c},12,course-1,C${c},scheduled,,${org},term-1,"English A,Literature",,`;
          }
        },
      ),
    'enrollments.csv': () =>
      chunked(
        'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
        function* () {
          let n = 0;
          for (let c = 0; c < spec.classes; c++) {
            const t = teacherId(c % Math.max(spec.teachers, 1));
            if (spec.teachers && !omit.has(t)) yield `e-${n++},,${STAMP},${classId(c)},${org},${t},teacher,true,,`;
          }
          for (let i = 0; i < spec.students; i++) {
            const s = studentId(i);
            if (!omit.has(s) && spec.classes) yield `e-${n++},,${STAMP},${classId(classOf(i))},${org},${s},student,false,,`;
          }
        },
      ),
  };
  if (version === '1.2') {
    files['manifest.csv'] = () =>
      chunked('propertyName,value', function* () {
        yield 'manifest.version,1.0';
        yield 'oneroster.version,1.2';
        for (const f of ['academicSessions', 'classes', 'enrollments', 'orgs', 'roles', 'users']) yield `file.${f},bulk`;
        for (const f of ['categories', 'courses', 'demographics', 'lineItems', 'resources', 'results']) yield `file.${f},absent`;
      });
    files['users.csv'] = () =>
      chunked(
        'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns',
        function* () {
          for (const p of people()) {
            yield `${p.id},,${STAMP},${enabled(p.id)},${p.email},,${p.given},${p.family},,,${p.email},,,,,,,,,,,${org},`;
          }
        },
      );
    files['roles.csv'] = () =>
      chunked(
        'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId',
        function* () {
          for (const p of people()) yield `r-${p.id},,${STAMP},${p.id},primary,${p.role},,,${org},`;
        },
      );
  } else {
    files['users.csv'] = () =>
      chunked(
        'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
        function* () {
          for (const p of people())
            yield `${p.id},active,${STAMP},${enabled(p.id)},${org},${p.role},${p.email},,${p.given},${p.family},,,${p.email},,,,,`;
        },
      );
  }
  return files;
}

/** A roster source over generated files (or literal texts). */
export function sourceOf(files: Record<string, FileMaker | string>): RosterSource & { opened: string[] } {
  const opened: string[] = [];
  return {
    names: Object.keys(files),
    opened,
    open(name: string) {
      opened.push(name);
      const file = files[name];
      if (file === undefined) throw new Error(`no file ${name}`);
      if (typeof file === 'string') {
        return (async function* () {
          yield file;
        })();
      }
      return file();
    },
  };
}

/** Reads a generated file to one string (small fixtures only: for uploads in integration tests). */
export async function textOf(file: FileMaker): Promise<string> {
  let text = '';
  for await (const chunk of file()) text += chunk;
  return text;
}

/** All files of a set as texts (small sets only: uploads in integration tests). */
export async function textsOf(files: Record<string, FileMaker>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, make] of Object.entries(files)) out[name] = await textOf(make);
  return out;
}

/** One zip of the texts (inside `folder/` when given), as a school's system exports it. */
export async function zipOf(texts: Record<string, string>, folder = ''): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, text] of Object.entries(texts)) zip.addBuffer(Buffer.from(text), `${folder}${name}`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A multipart/form-data body with several file parts (field `files`) and text fields. */
export function multipartFiles(
  files: Record<string, string | Buffer>,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----roster${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [name, data] of Object.entries(files)) {
    const type = name.endsWith('.zip') ? 'application/zip' : 'text/csv';
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    );
    parts.push(Buffer.isBuffer(data) ? data : Buffer.from(data));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
