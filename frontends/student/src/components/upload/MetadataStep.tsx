import { Button, Col, Form, Input, Row } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_TITLE_CHARS } from '../../lib/upload';
import type { UploadWizardState } from '../../lib/useUploadWizard';
import { UPLOAD_STEP } from '../../lib/wizardSteps';
import { EeFields } from './EeFields';
import { RubricChoice } from './RubricChoice';
import { TokFields } from './TokFields';

/** Step 2: the title, the essay type's own fields and the rubric; 'Review & Submit' checks them. */
export function MetadataStep({ wizard }: { wizard: UploadWizardState }) {
  const { type, ee, tok, defaultTitle, errors, changeEe, changeTok } = wizard;
  const intl = useIntl();
  return (
    <>
      <Form layout="vertical" component="div">
        <Row gutter={24}>
          <Col xs={24} lg={14}>
            <Form.Item label={intl.formatMessage({ id: 'upload.field.title', defaultMessage: 'Title' })} htmlFor="meta-title" required>
              <Input
                id="meta-title"
                maxLength={MAX_TITLE_CHARS}
                value={type === 'ee' ? ee.title : tok.title}
                placeholder={defaultTitle}
                onChange={(e) => (type === 'ee' ? changeEe({ title: e.target.value }) : changeTok({ title: e.target.value }))}
              />
            </Form.Item>
            {type === 'ee' ? (
              <EeFields ee={ee} errors={errors} onChange={changeEe} />
            ) : (
              <TokFields tok={tok} titles={wizard.tokTitles} errors={errors} onChange={changeTok} />
            )}
          </Col>
          <Col xs={24} lg={10}>
            <RubricChoice type={type} rubrics={wizard.rubrics} value={wizard.rubricId} errors={errors} onChange={wizard.chooseRubric} />
          </Col>
        </Row>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}>
        <Button size="large" onClick={() => wizard.backTo(UPLOAD_STEP)}>
          <FormattedMessage id="upload.back" defaultMessage="Back" />
        </Button>
        <Button type="primary" size="large" onClick={wizard.next}>
          <FormattedMessage id="upload.reviewSubmit" defaultMessage="Review & Submit" />
        </Button>
      </div>
    </>
  );
}
