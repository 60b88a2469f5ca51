import { ScrollArea, Tabs } from '@mantine/core';
import { useCargoTabs } from '../../../app/dictionaries';

/** One tab per raw material (spec/1 contract lists, /cargo/tabs). */
export function RawMaterialTabs({ value, onChange }: { value: number; onChange: (rawMaterialId: number) => void }) {
  const tabs = useCargoTabs();
  if (!tabs.data?.length) return null;
  return (
    <ScrollArea type="never" mb="md">
      <Tabs value={String(value)} onChange={(next) => next && onChange(Number(next))}>
        <Tabs.List style={{ flexWrap: 'nowrap' }}>
          {tabs.data.map((raw) => (
            <Tabs.Tab key={raw.id} value={String(raw.id)} style={{ whiteSpace: 'nowrap' }}>
              {raw.translatePl}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </ScrollArea>
  );
}
