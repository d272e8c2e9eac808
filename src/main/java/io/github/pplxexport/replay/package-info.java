/**
 * The replay server: serves an archive directory as the Perplexity web API on 127.0.0.1, for the
 * demo, for offline route development and as the exporter's test double.
 *
 * <p>{@link io.github.pplxexport.replay.ReplayApi} is the whole behaviour as a pure function of
 * (request number, request) and the files on disk; {@link io.github.pplxexport.replay.ReplayServer}
 * puts it on the JDK HTTP server (which also takes absolute-form request lines, so the replay is the
 * HTTP proxy for the sample CDN host); {@link io.github.pplxexport.replay.FaultPlan} documents the
 * {@code --faults} grammar; {@link io.github.pplxexport.replay.RequestLog} the request log lines.
 */
package io.github.pplxexport.replay;
