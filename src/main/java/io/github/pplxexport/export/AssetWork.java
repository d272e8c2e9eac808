package io.github.pplxexport.export;

import io.github.pplxexport.asset.AssetRun;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One thread's asset step as the {@code thread-assets} route carries it (variable {@code assets}): the thread
 * dir the files go into, the {@link AssetRun} that names and records them, the thread's {@code report_info} for
 * report.md, and the counts of this step for its summary line.
 */
public final class AssetWork {
    private final String webUuid;
    private final String title;
    private final Path dir;
    private final AssetRun run;
    private final Map<String, Object> reportInfo;
    private final boolean retry;
    int downloaded;
    int failed;
    int expired;
    int abandoned;

    AssetWork(String webUuid, String title, Path dir, AssetRun run, Map<String, Object> reportInfo, boolean retry) {
        this.webUuid = webUuid;
        this.title = title;
        this.dir = dir;
        this.run = run;
        this.reportInfo = reportInfo;
        this.retry = retry;
    }

    /** The versions to download, one message each for {@code download-asset}. */
    public List<AssetDownload> downloads() {
        return run.downloads().stream().map(v -> new AssetDownload(this, v)).toList();
    }

    public String webUuid() {
        return webUuid;
    }

    public String title() {
        return title;
    }

    public Path dir() {
        return dir;
    }

    public AssetRun run() {
        return run;
    }

    /** {title, file_name, url} of the thread's research report, or null. */
    public Map<String, Object> reportInfo() {
        return reportInfo;
    }

    /** True for a later run's retry of dead-lettered downloads (every URL is re-signed). */
    public boolean retry() {
        return retry;
    }

    public int downloaded() {
        return downloaded;
    }

    public int failed() {
        return failed;
    }

    public int expired() {
        return expired;
    }

    /** Downloads the stop (SIGTERM, Ctrl-C) abandoned: neither done nor failed. */
    public int abandoned() {
        return abandoned;
    }
}
