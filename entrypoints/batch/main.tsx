import React from 'react';
import ReactDOM from 'react-dom/client';
import '@/components/ui/styles.css';
import { BatchApp } from '@/components/batch/BatchApp';

const params = new URLSearchParams(location.search);
const tabId = Number(params.get('tabId'));

ReactDOM.createRoot(document.getElementById('root')!).render(
  <React.StrictMode>
    <BatchApp tabId={Number.isInteger(tabId) && params.has('tabId') ? tabId : null} />
  </React.StrictMode>,
);
