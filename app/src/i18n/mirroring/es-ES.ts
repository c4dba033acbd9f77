import type { MirroringMessages } from './messages';

/** es-ES texts of the back office's mirroring page. */
export const texts: MirroringMessages = {
  title: 'Réplica',
  intro:
    'Plugins aprobados traídos de otro Plugin Center; cada versión se comprueba con su firma antes de guardarla.',
  notMirror:
    'Este despliegue no replica otro Plugin Center. Define UPSTREAM_URL para traer los plugins aprobados de un origen.',
  upstream: 'Origen',
  allowlist: 'Lista de permitidos',
  allowAll: 'Todos los plugins aprobados',
  allowKeys: 'Claves de plugin: {{list}}',
  allowTags: 'Etiquetas: {{list}}',
  allowPublishers: 'Editores: {{list}}',
  interval: 'Sincronización automática',
  intervalEvery: 'Cada {{count}} minutos',
  intervalOff: 'Desactivada',
  mirrored: 'Plugins replicados',
  lastPull: 'Última sincronización',
  never: 'Aún no se ha sincronizado',
  sourcePull: 'Desde {{upstream}}, iniciada {{time}}',
  sourceBundle: 'Paquete de {{upstream}}, importado {{time}}',
  running: 'Sincronizando…',
  counts: '{{added}} añadidos, {{updated}} actualizados, {{withdrawn}} retirados, {{failed}} con error',
  quiet: '{{unchanged}} sin cambios, {{skipped}} fuera de la lista de permitidos',
  stopped: 'Detenida: {{error}}',
  failures: 'Errores',
  pullNow: 'Sincronizar ahora',
  pulling: 'Sincronizando…',
  pulled: 'Sincronización terminada',
  pullFailed: 'No se pudo sincronizar',
  loading: 'Cargando…',
  loadError: 'No se pudo cargar el estado de la réplica',
};
