import { Alert, Button, FileButton, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { messageCodeText } from '../i18n';

export interface FileImportModalProps<Result> {
  opened: boolean;
  onClose: () => void;
  texts: { title: string; hint: string; chooseFile: string; noFile: string };
  /** The file types the picker offers (FileButton's accept). */
  accept: string;
  size?: ModalProps['size'];
  isPending: boolean;
  /** Sends the chosen file to the server, which reads it in one transaction; answers what the import did. */
  send: (file: File) => Promise<Result>;
  /** What the import did, shown once it answers. */
  renderResult: (result: Result) => ReactNode;
  /** The place a refusal names (a CSV's row and column), shown under the catalogue code's sentence. */
  refusalDetail?: (error: ApiError) => string | null;
}

/**
 * One dialog for every file import (exchange rates, price lists, bank statements): choose a file, it is sent at once,
 * the answer or the refusal is shown in place; nothing of a refused file is stored (the server's transaction).
 */
export function FileImportModal<Result>(props: FileImportModalProps<Result>) {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ value: Result } | null>(null);
  const [refusal, setRefusal] = useState<{ code: string; detail: string | null } | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const close = () => {
    setResult(null);
    setRefusal(null);
    setFileName(null);
    props.onClose();
  };
  const send = async (file: File | null) => {
    if (!file) return;
    setFileName(file.name);
    setResult(null);
    setRefusal(null);
    try {
      setResult({ value: await props.send(file) });
    } catch (error) {
      const isApi = error instanceof ApiError;
      setRefusal({
        code: messageCodeText(isApi ? error.messageCode : 'INTERNAL_ERROR'),
        detail: isApi ? (props.refusalDetail?.(error) ?? null) : null,
      });
    }
  };
  return (
    <Modal opened={props.opened} onClose={close} centered size={props.size} title={props.texts.title}>
      <Stack gap="md">
        <Text fz="sm">{props.texts.hint}</Text>
        <Group gap="sm">
          <FileButton onChange={(file) => void send(file)} accept={props.accept}>
            {(button) => (
              <Button {...button} leftSection={<IconUpload size={16} />} loading={props.isPending}>
                {props.texts.chooseFile}
              </Button>
            )}
          </FileButton>
          <Text fz="sm" c="dimmed">
            {fileName ?? props.texts.noFile}
          </Text>
        </Group>
        {refusal && (
          <Alert color="red" role="alert" title={refusal.detail ? refusal.code : undefined}>
            {refusal.detail ?? refusal.code}
          </Alert>
        )}
        {result && props.renderResult(result.value)}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
