/** The text a scrape answers: this process's registry, or the whole node's sum in a cluster. */
export interface MetricsScrape {
  contentType: string;
  text(): Promise<string>;
}
