import { useState } from 'react';
import { Form, Input, Modal, Select, Switch, Typography } from 'antd';
import { errorMessage, type ExternalLink, type LinkCategory, type RemoteAppProps } from '@corestone/sdk';
import { linkFormErrors, linkTitle, platformOptions } from '../../lib/links';
import { FormattedMessage, useIntl } from 'react-intl';

/** Add a link, or edit one: platform, URL, description, featured (the title follows the platform). */
export function LinkModal({
  client,
  link,
  onClose,
  onSaved,
}: {
  client: RemoteAppProps['client'];
  link: ExternalLink | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [category, setCategory] = useState<LinkCategory | undefined>(link?.category);
  const [url, setUrl] = useState(link?.url ?? '');
  const [description, setDescription] = useState(link?.description ?? '');
  const [featured, setFeatured] = useState(link?.featured ?? false);
  const [errors, setErrors] = useState<ReturnType<typeof linkFormErrors>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const intl = useIntl();

  const save = async () => {
    const found = linkFormErrors({ category, url, description }, intl);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    const title = linkTitle(link, category!);
    setBusy(true);
    try {
      const body = { title, url: url.trim(), description: description.trim(), category: category!, featured };
      if (link) await client.links.update(link.id, body);
      else await client.links.create(body);
      onSaved();
      onClose();
    } catch (e) {
      setFailure(
        errorMessage(
          e,
          link
            ? intl.formatMessage({ id: 'linkModal.failedToUpdate', defaultMessage: 'Failed to update link' })
            : intl.formatMessage({ id: 'linkModal.failedToCreate', defaultMessage: 'Failed to create link' }),
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={
        link
          ? intl.formatMessage({ id: 'linkModal.editLink', defaultMessage: 'Edit Link' })
          : intl.formatMessage({ id: 'linkModal.addNewLink', defaultMessage: 'Add New Link' })
      }
      okText={
        link
          ? intl.formatMessage({ id: 'linkModal.saveChanges', defaultMessage: 'Save Changes' })
          : intl.formatMessage({ id: 'linkModal.addLink', defaultMessage: 'Add Link' })
      }
      onOk={save}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label={<FormattedMessage id="linkModal.socialMediaPlatform" defaultMessage="Social media platform" />}
          validateStatus={errors.category ? 'error' : undefined}
          help={errors.category}
        >
          <Select
            aria-label={intl.formatMessage({ id: 'linkModal.socialMediaPlatform', defaultMessage: 'Social media platform' })}
            placeholder={intl.formatMessage({ id: 'linkModal.choosePlatform', defaultMessage: 'Choose a platform' })}
            value={category}
            onChange={setCategory}
            options={platformOptions(link, intl)}
          />
        </Form.Item>
        <Form.Item
          label={<FormattedMessage id="linkModal.url" defaultMessage="URL" />}
          validateStatus={errors.url ? 'error' : undefined}
          help={errors.url}
        >
          <Input
            aria-label={intl.formatMessage({ id: 'linkModal.url', defaultMessage: 'URL' })}
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          label={<FormattedMessage id="linkModal.description" defaultMessage="Description" />}
          validateStatus={errors.description ? 'error' : undefined}
          help={errors.description}
        >
          <Input.TextArea
            aria-label={intl.formatMessage({ id: 'linkModal.description', defaultMessage: 'Description' })}
            autoSize={{ minRows: 2 }}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={<FormattedMessage id="linkModal.featured" defaultMessage="Featured" />}>
          <Switch checked={featured} onChange={setFeatured} />
        </Form.Item>
      </Form>
      {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
    </Modal>
  );
}
