import { useState } from 'react';
import { App } from 'antd';
import { errorMessage, type ContactEnquiry, type CorestoneClient, type EnquiryFilter } from '@corestone/sdk';
import { useLoad } from '../components/common';
import { ENQUIRIES_PAGE_SIZE } from '../lib/enquiries';
import { saveBlob } from '../lib/text';
import { useIntl } from 'react-intl';

/**
 * The enquiries of a filter, a page at a time (GET /general/contact/enquiries; a new filter starts
 * at page 1), the one opened, and its actions: `setHandled` (PUT …/{id}/handled, the opened
 * enquiry and the list are read again, a toast) and `exportCsv` (the filter's CSV, saved);
 * `busy` is the action under way, `error` the last failure.
 */
export function useEnquiries(client: CorestoneClient) {
  const { message } = App.useApp();
  const intl = useIntl();
  const [filter, setFilterState] = useState<EnquiryFilter>('unhandled');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ContactEnquiry | null>(null);
  const [busy, setBusy] = useState<'handled' | 'export' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useLoad(
    () => client.content.enquiries({ status: filter, limit: ENQUIRIES_PAGE_SIZE, offset: (page - 1) * ENQUIRIES_PAGE_SIZE }),
    [client, filter, page],
  );

  const setFilter = (f: EnquiryFilter) => {
    setFilterState(f);
    setPage(1);
  };

  const setHandled = async (enquiry: ContactEnquiry, handled: boolean) => {
    setBusy('handled');
    setError(null);
    try {
      const { data } = await client.content.setEnquiryHandled(enquiry.id, handled);
      setOpen(data);
      list.reload();
      message.success(
        handled
          ? intl.formatMessage({ id: 'useEnquiries.markedAsHandled', defaultMessage: 'Marked as handled' })
          : intl.formatMessage({ id: 'useEnquiries.markedAsWaiting', defaultMessage: 'Marked as waiting' }),
      );
    } catch (e) {
      setError(errorMessage(e, intl.formatMessage({ id: 'useEnquiries.updateFailed', defaultMessage: 'Failed to update the enquiry' })));
    } finally {
      setBusy(null);
    }
  };

  const exportCsv = async () => {
    setBusy('export');
    setError(null);
    try {
      const file = await client.content.exportEnquiries(filter);
      saveBlob(file.blob, file.filename ?? `enquiries_${filter}.csv`);
    } catch (e) {
      setError(errorMessage(e, intl.formatMessage({ id: 'useEnquiries.exportFailed', defaultMessage: 'Failed to export the enquiries' })));
    } finally {
      setBusy(null);
    }
  };

  return { list, filter, setFilter, page, setPage, open, setOpen, busy, error, setHandled, exportCsv };
}
