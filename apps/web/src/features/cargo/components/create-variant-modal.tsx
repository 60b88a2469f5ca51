import { CreateVariantRequestSchema, type Quality } from '@grain/shared';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { showServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { messageCodeText } from '../../../i18n';
import { useCreateVariant } from '../api';

interface CreateVariantModalProps {
  rawMaterial: { id: number; translatePl: string };
  opened: boolean;
  onClose: () => void;
  onCreated: (quality: Quality) => void;
}

interface VariantFormValues extends Record<string, unknown> {
  rawMaterialId: number;
  name: string;
}

function VariantForm({ rawMaterial, onClose, onCreated }: Omit<CreateVariantModalProps, 'opened'>) {
  const { t } = useTranslation();
  const create = useCreateVariant();
  const form = useZodForm<VariantFormValues>({
    schema: CreateVariantRequestSchema,
    initialValues: { rawMaterialId: rawMaterial.id, name: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const quality = await create.mutateAsync({ rawMaterialId: values.rawMaterialId, name: values.name.trim() });
      notifications.show({ color: 'green', message: t('cargo.variantCreated'), withCloseButton: true });
      onCreated(quality);
    } catch (error) {
      showServerErrors(form, error);
      if (error instanceof ApiError && error.messageCode === 'NAME_IS_DUPLICATED') {
        form.setFieldError('name', messageCodeText(error.messageCode));
      }
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <TextInput label={t('cargo.variantName')} withAsterisk data-autofocus {...form.getInputProps('name')} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {t('cargo.addVariant')}
        </Button>
      </Group>
    </form>
  );
}

/** "Dodaj wariant": a new quality of the chosen raw material, named by hand. */
export function CreateVariantModal({ rawMaterial, opened, onClose, onCreated }: CreateVariantModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={t('cargo.variantFor', { rawMaterial: rawMaterial.translatePl })}
    >
      {opened && <VariantForm rawMaterial={rawMaterial} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}
