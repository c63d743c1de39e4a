import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { DatePicker } from '../../components/DatePicker';
import type { Roster } from './athleteApi';
import { genderLabels } from './athleteFormat';
import type { AthleteFormValues } from './athleteForm';
import { useLookups } from './useLookups';

const genderOptions = Object.entries(genderLabels).map(([value, label]) => ({ value, label }));
const thisYear = new Date().getFullYear();

/** The athlete form's fields; positions are those of the chosen sport. */
export function AthleteFields({ rosters }: { rosters: Roster[] }) {
  const { sportList, positionList } = useLookups();
  const sportId = Form.useWatch<AthleteFormValues['sportId']>('sportId');
  const positions = positionList.filter((position) => position.sportId === sportId);
  return (
    <>
      <Form.Item
        label="First name"
        name="firstName"
        rules={[{ required: true, whitespace: true, message: 'Enter the first name.' }]}
      >
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item label="Middle name" name="middleName">
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Last name"
        name="lastName"
        rules={[{ required: true, whitespace: true, message: 'Enter the last name.' }]}
      >
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Gender" name="gender">
            <Select allowClear options={genderOptions} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Birth date" name="birthDate">
            <DatePicker style={{ width: '100%' }} allowClear />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Graduation year" name="graduationYear" extra="The class year, e.g. 2027.">
        <InputNumber min={1900} max={2200} precision={0} placeholder={String(thisYear + 1)} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Sport" name="sportId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={sportList.map(({ id, name }) => ({ value: id, label: name }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Position" name="positionId">
            <Select
              allowClear
              disabled={!sportId}
              placeholder={sportId ? undefined : 'Choose a sport first'}
              showSearch={{ optionFilterProp: 'label' }}
              options={positions.map(({ id, name, abbreviation }) => ({
                value: id,
                label: `${name} (${abbreviation})`,
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Height" name="heightCm">
            <InputNumber min={1} max={300} suffix="cm" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Bodyweight" name="weightKg">
            <InputNumber min={1} max={500} suffix="kg" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Rosters" name="rosterIds">
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={rosters.map(({ id, name }) => ({ value: id, label: name }))}
        />
      </Form.Item>
      <Form.Item
        label="E-mail"
        name="email"
        rules={[{ type: 'email', message: 'Enter an e-mail address.' }]}
      >
        <Input type="email" maxLength={254} autoComplete="off" />
      </Form.Item>
      <Form.Item label="External id" name="externalId" extra="An id from another system, if any.">
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
    </>
  );
}
