import React from 'react';
import ReactDOM from 'react-dom/client';
import '@/components/ui/styles.css';

function App() {
  return <main className="p-4 text-sm">Perfil Intel — sidepanel</main>;
}

ReactDOM.createRoot(document.getElementById('root')!).render(
  <React.StrictMode>
    <App />
  </React.StrictMode>,
);
