import type { PartialMessages } from '../messages';

/** es-ES texts (SPEC §1): partial; i18next falls back to en-US for every key not given here. */
export const esES: PartialMessages = {
  app: { name: 'Centro de plugins', home: 'Plaza de plugins', language: 'Idioma' },
  square: {
    title: 'Plaza de plugins',
    all: 'Todos',
    sortLatest: 'Más recientes',
    sortPopular: 'Más populares',
    sortRelevance: 'Relevancia',
    suggestions: 'Sugerencias',
    suggestTag: 'Etiqueta',
    search: 'Buscar plugins',
    loadMore: 'Cargar más',
    retry: 'Reintentar',
  },
  recommend: { title: 'Plugins recomendados', refresh: 'Actualizar' },
  detail: { close: 'Cerrar', copyLink: 'Copiar enlace' },
  forbidden: { message: 'No tienes permiso para acceder a esta página', backHome: 'Volver al inicio' },
  // Issue 15 (helper "desktop"): the desktop client's header (SPEC §2).
  desktop: {
    navigation: 'Navegación de la ventana',
    back: 'Atrás',
    forward: 'Adelante',
    home: 'Inicio de plugins',
    openFile: 'Abrir archivo',
    adminMenu: 'Administración',
    management: 'Gestión',
    newWindow: '(se abre en una ventana nueva)',
    account: 'Cuenta: {{name}}',
  },
};
