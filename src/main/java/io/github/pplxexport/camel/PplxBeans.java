package io.github.pplxexport.camel;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.pplxexport.api.ApiCookie;
import io.github.pplxexport.api.ResponseCheck;
import io.github.pplxexport.archive.ThreadArchiveWriter;
import io.github.pplxexport.archive.ThreadProducts;
import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.cookies.CookieSource;
import io.github.pplxexport.export.AccountCheck;
import io.github.pplxexport.export.BatchRun;
import io.github.pplxexport.export.DeadLetters;
import io.github.pplxexport.export.ExportOutcomes;
import io.github.pplxexport.export.ExportSettings;
import io.github.pplxexport.export.LibraryRefresh;
import io.github.pplxexport.export.Pacing;
import io.github.pplxexport.export.ScheduledSync;
import io.github.pplxexport.export.SiblingProbes;
import io.github.pplxexport.export.SyncDeleted;
import io.github.pplxexport.export.ThreadAssets;
import io.github.pplxexport.export.ThreadExport;
import io.github.pplxexport.export.ThreadPaging;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.render.ThreadRenderer;
import org.apache.camel.BeanInject;
import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.PropertyInject;
import org.apache.camel.component.http.HttpComponent;
import org.apache.camel.processor.errorhandler.RedeliveryPolicy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The beans the shipped routes refer to by name, as a Camel Main configuration class: each is a plain class,
 * bound here with the settings it needs from {@code application.properties} (and the command line's
 * overrides) through {@code @PropertyInject}; a missing key stops the start. The per-run values the command
 * line decides (archive root, config file, cookies file, base URL) arrive the same way, as properties.
 */
public class PplxBeans implements CamelConfiguration {

    /** {@code pplx.api.transport} of the WebBridge transport (the other: {@code cookie}). */
    public static final String WEBBRIDGE = "webbridge";

    @PropertyInject("pplx.archive.root")
    String archiveRoot;
    /** Empty: degraded mode (no user config). */
    @PropertyInject("pplx.config.file")
    String configFile;
    @PropertyInject("pplx.api.cookies-file")
    String cookiesFile;
    @PropertyInject("pplx.api.base-url")
    String baseUrl;
    /** The language of the Markdown labels (--lang). */
    @PropertyInject("pplx.lang")
    String lang;

    private ExportSettings settings;
    private ApiErrors errors;
    private ApiCookie cookie;
    private PplxMetrics metrics;
    private ScheduledSync syncs;
    private ApiContact contact;

    /** The project's one JSON mapper (json.loads semantics: trailing data is an error), for {@code unmarshal: json}. */
    @BindToRegistry
    public ObjectMapper apiMapper() {
        return Json.MAPPER;
    }

    /** The archive root and the user's TOML config, shared by the beans below. */
    @BindToRegistry
    public synchronized ExportSettings exportSettings() {
        if (settings == null) {
            UserConfig config = configFile.isBlank() ? UserConfig.degradedConfig() : UserConfig.load(Path.of(configFile));
            settings = new ExportSettings(Path.of(archiveRoot).toAbsolutePath().normalize(), config, Clock.systemUTC());
        }
        return settings;
    }

    @BindToRegistry
    public ResponseCheck apiResponse() {
        return new ResponseCheck();
    }

    /** The WebBridge transport's steps (--transport webbridge): the daemon at pplx.webbridge.url, the API at the base URL. */
    @BindToRegistry
    public WebBridge webBridge(@PropertyInject("pplx.webbridge.url") String daemon) {
        return new WebBridge(daemon, baseUrl);
    }

    @BindToRegistry
    public synchronized ApiErrors apiError() {
        if (errors == null) {
            errors = new ApiErrors();
        }
        return errors;
    }

    /** The cookies the command line resolved (bean {@code cookieSource}), else {@code pplx.api.cookies-file}. */
    @BindToRegistry
    public synchronized ApiCookie apiCookie(CamelContext context) throws IOException {
        if (cookie == null) {
            CookieSource resolved = context.getRegistry().lookupByNameAndType(AccountBeans.COOKIE_SOURCE, CookieSource.class);
            cookie = resolved != null ? ApiCookie.of(resolved.cookies(), resolved.source(), baseUrl)
                    : ApiCookie.of(cookiesFile, baseUrl);
        }
        return cookie;
    }

    /**
     * Lazy: its redelivery policy {@code apiBackoff} is a bean of routes/error-handling.camel.yaml. Outside the
     * service mode a first request that gets no answer fails fast ({@link ApiRetry}).
     */
    @BindToRegistry(lazy = true)
    public ApiRetry apiRetry(@BeanInject("apiBackoff") RedeliveryPolicy backoff,
                             @PropertyInject("pplx.retry.heartbeat-ms") long heartbeatMillis,
                             @PropertyInject("pplx.retry.first-request-delay-ms") long firstRetryMillis,
                             @PropertyInject("pplx.schedule.enabled") boolean service, CamelContext context)
            throws Exception {
        return ApiRetry.api(backoff, heartbeatMillis, apiError(), context, pplxMetrics(context), apiContact(context),
                service ? -1 : firstRetryMillis);
    }

    /** The CDN downloads' retries (policy {@code assetBackoff}, routes/error-handling.camel.yaml). */
    @BindToRegistry(lazy = true)
    public ApiRetry assetRetry(@BeanInject("assetBackoff") RedeliveryPolicy backoff,
                               @PropertyInject("pplx.retry.heartbeat-ms") long heartbeatMillis, CamelContext context)
            throws Exception {
        return ApiRetry.assets(backoff, heartbeatMillis, apiError(), context, pplxMetrics(context));
    }

    /**
     * Whether the API answered yet in this run; camel-http's activity listener, before the metrics. Through WebBridge
     * the program's only peer is the daemon: its answer is the contact.
     */
    @BindToRegistry
    public synchronized ApiContact apiContact(CamelContext context) throws Exception {
        if (contact == null) {
            String transport = context.resolvePropertyPlaceholders("{{pplx.api.transport}}");
            contact = new ApiContact(WEBBRIDGE.equals(transport)
                    ? context.resolvePropertyPlaceholders("{{pplx.webbridge.url}}") : baseUrl, pplxMetrics(context));
        }
        return contact;
    }

    /** The service mode's meters; also camel-http's activity listener (application.properties). */
    @BindToRegistry
    public synchronized PplxMetrics pplxMetrics(CamelContext context) throws Exception {
        if (metrics == null) {
            metrics = new PplxMetrics(context);
            context.addStartupListener(metrics);
        }
        return metrics;
    }

    @BindToRegistry
    public AccountCheck accountCheck(CamelContext context) throws IOException {
        return new AccountCheck(exportSettings().config(), apiCookie(context).source());
    }

    @BindToRegistry
    public ThreadPaging threadPaging() {
        return new ThreadPaging();
    }

    @BindToRegistry
    public LibraryRefresh libraryRefresh(@PropertyInject("pplx.index.max-pages") int maxPages) {
        return new LibraryRefresh(exportSettings(), maxPages);
    }

    @BindToRegistry
    public ThreadExport threadExport() {
        return new ThreadExport(exportSettings());
    }

    @BindToRegistry
    public ThreadArchiveWriter threadArchive() {
        ExportSettings s = exportSettings();
        return new ThreadArchiveWriter(s.out(), s.clock(), s::displayFolder);
    }

    /** The derived files (Markdown, asset bodies) on their way to the write-products route's file endpoint. */
    @BindToRegistry
    public ThreadProducts threadProducts() {
        return new ThreadProducts(exportSettings().out(), Labels.of(lang));
    }

    @BindToRegistry
    public ThreadAssets threadAssets() {
        return new ThreadAssets(exportSettings().out(), threadProducts(), apiError());
    }

    /** The routes' stop checks (method: {ref: pipeline, method: stopping}); the run's pauses end with it. */
    @BindToRegistry
    public PipelineStop pipeline(CamelContext context) {
        return new PipelineStop(context);
    }

    @BindToRegistry
    public ExportOutcomes exportOutcomes() {
        return new ExportOutcomes();
    }

    @BindToRegistry
    public BatchRun batchRun(@PropertyInject("pplx.pacing.thread-delay-min-ms") long delayMin,
                             @PropertyInject("pplx.pacing.thread-delay-max-ms") long delayMax,
                             @PropertyInject("pplx.retry.delay-ms") long coolDown,
                             @PropertyInject(value = "pplx.batch.second-pass", defaultValue = "true") boolean secondPass,
                             CamelContext context) throws Exception {
        return new BatchRun(exportSettings(), new Pacing(delayMin, delayMax), coolDown, apiError(),
                pipeline(context), pplxMetrics(context), secondPass);
    }

    /** sync-deleted --online: between candidates the thread pause (pplx.pacing.thread-delay-*, --delay-min/max). */
    @BindToRegistry
    public SyncDeleted syncDeleted(@PropertyInject("pplx.pacing.thread-delay-min-ms") long delayMin,
                                   @PropertyInject("pplx.pacing.thread-delay-max-ms") long delayMax, CamelContext context) {
        return new SyncDeleted(exportSettings(), new Pacing(delayMin, delayMax), apiError(), pipeline(context));
    }

    @BindToRegistry
    public DeadLetters deadLetters() {
        return new DeadLetters(exportSettings().out(), exportSettings().clock(), apiError());
    }

    @BindToRegistry
    public SiblingProbes siblingProbes() {
        return new SiblingProbes(exportSettings().out(), exportSettings().clock());
    }

    @BindToRegistry
    public synchronized ScheduledSync scheduledSync(@PropertyInject("pplx.run.max-syncs") int maxSyncs, CamelContext context)
            throws Exception {
        if (syncs == null) {
            syncs = new ScheduledSync(maxSyncs, apiError(), pplxMetrics(context));
        }
        return syncs;
    }

    /** {@code /observe/health}: DOWN after a scheduled sync was aborted, naming why. */
    @BindToRegistry
    public SyncHealthCheck syncHealth(@PropertyInject("pplx.run.max-syncs") int maxSyncs, CamelContext context) throws Exception {
        return new SyncHealthCheck(scheduledSync(maxSyncs, context));
    }

    @BindToRegistry
    public ThreadRenderer threadRenderer() {
        return new ThreadRenderer(Labels.of(lang));
    }

    @Override
    public void configure(CamelContext context) throws Exception {
        // the service mode's pplx_http_requests_total{class} counts the answers camel-http's activity listener sees;
        // apiContact notes the API's first answer on the way
        context.getComponent("http", HttpComponent.class).setHttpActivityListener(apiContact(context));
    }
}
