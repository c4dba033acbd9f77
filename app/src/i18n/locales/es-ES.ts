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
  // --- issue 15, browser validation messages (helper "i18n", see i18n/validation.ts) ---
  validation: {
    required: 'Completa este campo.',
    requiredCheckbox: 'Marca esta casilla para continuar.',
    requiredChoice: 'Selecciona una de las opciones.',
    requiredFile: 'Selecciona un archivo.',
    email: 'Introduce una dirección de correo electrónico, p. ej., name@example.com.',
    url: 'Introduce una dirección web, p. ej., https://example.com.',
    number: 'Introduce un número.',
    invalid: 'Introduce un valor válido.',
    tooShort: 'Usa al menos {{min}} caracteres (ahora usas {{length}}).',
    tooLong: 'Usa como máximo {{max}} caracteres (ahora usas {{length}}).',
    rangeUnderflow: 'El valor debe ser {{min}} o superior.',
    rangeOverflow: 'El valor debe ser {{max}} o inferior.',
    stepMismatch:
      'Introduce un valor válido. Los dos valores válidos más próximos son {{below}} y {{above}}.',
    pattern: 'Ajusta el valor al formato solicitado.',
    patternHint: 'Ajusta el valor al formato solicitado: {{hint}}',
  },
};
