import { defineConfig } from 'wxt';
import tailwindcss from '@tailwindcss/vite';

// Build-time configuration of the API addresses. The options page can override each of them.
// WXT_API_ENV picks the environment a fresh install starts in (production unless told otherwise;
// `npm run build:sandbox` starts in the local sandbox).
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  manifest: {
    name: 'Perfil Intel — análise comportamental B2B',
    short_name: 'Perfil Intel',
    description:
      'Encontra a pessoa na página e mostra a análise comportamental (persona, dores, OCEAN, MBTI, playbook) no painel lateral.',
    default_locale: undefined,
    permissions: ['storage', 'sidePanel', 'contextMenus', 'activeTab', 'scripting', 'alarms'],
    host_permissions: ['http://localhost/*', 'http://127.0.0.1/*'],
    optional_host_permissions: ['https://*/*'],
    action: { default_title: 'Perfil Intel' },
    commands: {
      'analyze-selection': {
        suggested_key: { default: 'Alt+Shift+P' },
        description: 'Analisar a pessoa selecionada no texto',
      },
    },
  },
  vite: () => ({
    plugins: [tailwindcss()],
  }),
});
