import { useEffect, useState } from 'react';
import { useSend } from '@/components/panel/context';
import { useAction } from '@/components/ui';
import { pickChatModel } from '@/lib/draft/models';
import { settings } from '@/lib/storage';

/**
 * The chat model a page writes with (the draft, the review, the meeting's plan): the model API's chat models,
 * listed once when the page opens, and the one chosen — the settings' preferred model, else the service's own, else
 * the first. `model` is '' while the list loads, when it failed, or when it offers no chat model.
 */
export function useChatModel() {
  const send = useSend();
  const [model, setModel] = useState('');
  const [models, load] = useAction(async () => {
    const [list, prefs] = await Promise.all([send('models.list', {}), settings.get()]);
    const { chat, pick } = pickChatModel(list, prefs.llmModel);
    if (pick) setModel(pick.id);
    return chat;
  });
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page
  }, []);
  return { models, model, setModel };
}
