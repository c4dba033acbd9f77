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
  // --- issue 15, cookie consent (helper "consent"): the notice, its settings, the footer button ---
  consent: {
    title: 'Usamos cookies',
    body: 'Las cookies estrictamente necesarias hacen que este sitio funcione. Con tu consentimiento, también usamos cookies de marketing para contar visitas y clics y mejorar el producto. Puedes cambiar tu elección en cualquier momento en «Configuración de cookies», al pie de la página.',
    policy: 'Condiciones de uso',
    rejectAll: 'Rechazar todas',
    settings: 'Configurar',
    acceptAll: 'Aceptar todas',
    settingsTitle: 'Configuración de cookies',
    settingsIntro: 'Elige qué cookies puede usar este sitio. Tu elección se guarda durante un año.',
    necessary: 'Estrictamente necesarias',
    alwaysActive: 'Siempre activas',
    necessaryDesc: 'Tu idioma, tu sesión y esta elección. El sitio no funciona sin ellas.',
    marketing: 'Marketing',
    marketingDesc:
      'Estadísticas de páginas vistas y clics, enviadas a nuestro propio servidor de análisis para mejorar el producto.',
    save: 'Guardar',
    cancel: 'Cancelar',
  },
};
