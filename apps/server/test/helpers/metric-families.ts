/**
 * The metric families the server exposes (issue 44's list): the contract between the metrics code,
 * the alerts and the dashboard. deploy-monitoring.test.ts checks every PromQL name in
 * deploy/ against it, and metrics-scrape.test.ts checks that a real scrape exposes exactly these,
 * so a renamed family breaks a test rather than an alert in production.
 */
export const INKSTREAM_FAMILIES = [
  // HTTP
  'inkstream_http_requests_total',
  'inkstream_http_request_duration_seconds',
  'inkstream_cache_requests_total',
  // Money
  'inkstream_orders_total',
  'inkstream_payment_notifications_received_total',
  'inkstream_payment_notifications_verified_total',
  'inkstream_payment_notifications_refused_total',
  'inkstream_payment_notifications_duplicate_total',
  'inkstream_payment_incidents_open',
  'inkstream_payment_reconciler_last_run_timestamp_seconds',
  'inkstream_payment_reconciler_orders_total',
  'inkstream_coins_outstanding',
  'inkstream_coin_unlocks',
  'inkstream_coins_expired',
  // Background work
  'inkstream_jobs',
  'inkstream_jobs_oldest_due_age_seconds',
  'inkstream_job_runs_total',
  'inkstream_job_duration_seconds',
  'inkstream_mail_outbox',
  'inkstream_mail_outbox_oldest_queued_age_seconds',
  'inkstream_lite_backfill_remaining_pages',
  'inkstream_search_index_base_books',
  'inkstream_search_index_delta_books',
  'inkstream_search_index_last_rebuild_timestamp_seconds',
  'inkstream_search_index_rebuild_duration_seconds',
  'inkstream_push_deliveries_total',
  // Process and database
  'inkstream_event_loop_utilization_seconds_total',
  'inkstream_db_pool_connections',
  'inkstream_db_pool_waiting',
  'inkstream_db_busy_total',
  'inkstream_db_query_duration_seconds',
  'inkstream_data_dir_free_bytes',
  'inkstream_data_dir_size_bytes',
  'inkstream_build_info',
] as const;

/** Of those, the histograms: PromQL names them through their `_bucket`, `_sum` and `_count` series. */
export const INKSTREAM_HISTOGRAMS = [
  'inkstream_http_request_duration_seconds',
  'inkstream_job_duration_seconds',
  'inkstream_db_query_duration_seconds',
] as const;

/**
 * prom-client's default metrics (collectDefaultMetrics, no prefix) on Linux, as prom-client 15 names
 * them; nodejs_gc_duration_seconds is a histogram.
 */
export const PROCESS_FAMILIES = [
  'process_cpu_user_seconds_total',
  'process_cpu_system_seconds_total',
  'process_cpu_seconds_total',
  'process_start_time_seconds',
  'process_resident_memory_bytes',
  'process_virtual_memory_bytes',
  'process_heap_bytes',
  'process_open_fds',
  'process_max_fds',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_min_seconds',
  'nodejs_eventloop_lag_max_seconds',
  'nodejs_eventloop_lag_mean_seconds',
  'nodejs_eventloop_lag_stddev_seconds',
  'nodejs_eventloop_lag_p50_seconds',
  'nodejs_eventloop_lag_p90_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_active_resources',
  'nodejs_active_resources_total',
  'nodejs_active_handles',
  'nodejs_active_handles_total',
  'nodejs_active_requests',
  'nodejs_active_requests_total',
  'nodejs_heap_size_total_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_external_memory_bytes',
  'nodejs_heap_space_size_total_bytes',
  'nodejs_heap_space_size_used_bytes',
  'nodejs_heap_space_size_available_bytes',
  'nodejs_version_info',
  'nodejs_gc_duration_seconds',
] as const;

/** Series Prometheus itself writes for every target. */
export const PROMETHEUS_SERIES = ['up'] as const;

/** Every series name a query may name: the families, and each histogram's three series. */
export function knownSeriesNames(): Set<string> {
  const histograms = [...INKSTREAM_HISTOGRAMS, 'nodejs_gc_duration_seconds'];
  return new Set<string>([
    ...INKSTREAM_FAMILIES.filter((family) => !(INKSTREAM_HISTOGRAMS as readonly string[]).includes(family)),
    ...PROCESS_FAMILIES.filter((family) => family !== 'nodejs_gc_duration_seconds'),
    ...histograms.flatMap((family) => [`${family}_bucket`, `${family}_sum`, `${family}_count`]),
    ...PROMETHEUS_SERIES,
  ]);
}
