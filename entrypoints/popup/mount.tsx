import React from 'react';
import ReactDOM from 'react-dom/client';
import { Popup } from '@/components/popup/Popup';

export function mount(root: HTMLElement): void {
  ReactDOM.createRoot(root).render(
    <React.StrictMode>
      <Popup />
    </React.StrictMode>,
  );
}
