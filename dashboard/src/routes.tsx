/**
 * The page for the route, each behind the permission it needs (the one App's navigation reads): a
 * screen a role may not use says so rather than showing what the API would refuse.
 */
import { lazy, Suspense } from 'react';
import type { Mode } from './api';
import { BatchPage } from './pages/Batch';
import { AuditPage } from './pages/Audit';
import { BatchesPage } from './pages/Batches';
import { BulkSendPage } from './pages/BulkSend';
import { EventsPage } from './pages/Events';
import { InboxPage } from './pages/Inbox';
import { KeysPage } from './pages/Keys';
import { MediaPage } from './pages/Media';
import { MembersPage } from './pages/Members';
import { MessagePage } from './pages/Message';
import { MessagesPage } from './pages/Messages';
import { SecurityPage } from './pages/Security';
import { SendPage } from './pages/Send';
import { TemplateEditor } from './pages/TemplateEditor';
import { TemplatePage } from './pages/Template';
import { TemplatesPage } from './pages/Templates';
import { useCan } from './people';

/** The overview and its chart library load on their own (about 60 KB gzipped), only when it is opened. */
const OverviewPage = lazy(() => import('./pages/Overview').then((m) => ({ default: m.OverviewPage })));

/** The permission each section needs. */
const NEEDS: Record<string, string> = {
  overview: 'analytics:read',
  inbox: 'messages:read',
  messages: 'messages:read',
  send: 'messages:send',
  bulk: 'messages:send',
  batches: 'messages:read',
  templates: 'templates:read',
  media: 'media:read',
  events: 'webhooks:read',
  members: 'members:manage',
  keys: 'keys:manage',
  audit: 'audit:read',
};

export function Routes({
  section,
  id,
  action,
  mode,
}: {
  section: string;
  id: string | undefined;
  action: string | undefined;
  mode: Mode;
}) {
  const can = useCan();
  const needs = NEEDS[section];
  if (needs && !can(needs)) return <Refused />;
  const editing = section === 'templates' && (id === 'new' || action === 'edit');
  if (editing && !can('templates:write')) return <Refused />;
  return (
    <>
      {section === 'overview' && (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <OverviewPage mode={mode} />
        </Suspense>
      )}
      {section === 'inbox' && <InboxPage id={id} />}
      {section === 'messages' && !id && <MessagesPage />}
      {section === 'messages' && id && <MessagePage id={id} />}
      {section === 'send' && <SendPage />}
      {section === 'bulk' && <BulkSendPage />}
      {section === 'batches' && !id && <BatchesPage />}
      {section === 'batches' && id && <BatchPage id={id} />}
      {section === 'templates' && !id && <TemplatesPage mode={mode} />}
      {section === 'templates' && id === 'new' && <TemplateEditor mode={mode} />}
      {section === 'templates' && id && id !== 'new' && action === 'edit' && <TemplateEditor mode={mode} id={id} />}
      {section === 'templates' && id && id !== 'new' && action !== 'edit' && <TemplatePage id={id} />}
      {section === 'media' && <MediaPage />}
      {section === 'events' && <EventsPage />}
      {section === 'security' && <SecurityPage />}
      {section === 'members' && <MembersPage />}
      {section === 'keys' && <KeysPage />}
      {section === 'audit' && <AuditPage />}
    </>
  );
}

function Refused() {
  return (
    <p className="warning" role="note">
      Your role does not allow this screen. An owner or admin can change your role on the Members page.
    </p>
  );
}
