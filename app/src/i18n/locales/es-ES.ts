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
  ui: {
    confirm: 'Aceptar',
    cancel: 'Cancelar',
    close: 'Cerrar',
    searchPlaceholder: 'Buscar',
    showPassword: 'Mostrar contraseña',
    increase: 'Aumentar',
    decrease: 'Disminuir',
    loading: 'Cargando',
  },
};
