package io.github.pplxexport.mcp;

import io.github.pplxexport.ask.AskMode;
import io.github.pplxexport.ask.AskRequest;
import io.github.pplxexport.ask.AskState;
import io.github.pplxexport.export.ExportRequest;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * An agent's ask ({@code pplx_ask}): checked before anything is sent (computer is refused, the models checked), counted
 * against the day's allowance, then handed to the ask route (one at a time, paced: {@link Asker}) and watched while the
 * answer streams in: a progress report on each status change, every 200 more characters and, when nothing changed,
 * every heartbeat. When {@code wait_seconds} pass first (or the client cancels), the call returns with status
 * {@code generating} and the ask goes on in the background until the thread is archived (or left pending for the next
 * sync): a cancellation stops the wait, never the thread.
 */
public final class AgentAsks {
    static final int PROGRESS_STEP = 200;
    private static final long POLL_MILLIS = 100;

    /** Sends an ask to the ask route; the state is there from the start of the route (null before). */
    public interface Asker {
        Running start(AskRequest request);
    }

    /** An ask on its way: its state while it streams, and its end (the route's AskState, or its failure). */
    public record Running(Supplier<AskState> state, CompletableFuture<AskState> done) {
    }

    /** Where progress goes (the client's progress token), with a number that grows with every report. */
    public interface Progress {
        void report(double progress, String message);
    }

    private final AgentArchive archive;
    private final AskAllowance allowance;
    private final Asker asker;
    private final long heartbeatMillis;

    public AgentAsks(AgentArchive archive, AskAllowance allowance, Asker asker, long heartbeatMillis) {
        this.archive = archive;
        this.allowance = allowance;
        this.asker = asker;
        this.heartbeatMillis = heartbeatMillis;
    }

    /** The ask a tool call describes, checked: nothing is sent for a bad one. */
    public AskRequest request(Map<String, Object> args, String account) throws IOException {
        String prompt = Args.text(args, "prompt", true);
        String m = Args.text(args, "mode", false);
        if (m != null && m.toLowerCase(Locale.ROOT).equals("computer")) {
            throw new ToolException("Computer threads cannot be asked: use mode " + AskMode.NAMES + "; nothing was sent.");
        }
        AskMode mode;
        try {
            mode = AskMode.of(m == null ? "search" : m);
        } catch (IllegalArgumentException e) {
            throw new ToolException("Unknown mode '" + m + "': use " + AskMode.NAMES + "; nothing was sent.");
        }
        List<String> models = Args.strings(args, "models");
        try {
            mode.checkModels(models);
        } catch (IllegalArgumentException e) {
            throw new ToolException(e.getMessage().replace("--mode ", "mode ").replace("--models", "models") + "; nothing was sent.");
        }
        String thread = Args.text(args, "thread", false);
        String uuid = null;
        if (thread != null) {
            try {
                uuid = ExportRequest.parseUuid(thread);
            } catch (IllegalArgumentException e) {
                uuid = archive.find(thread).thread().uuid(); // the 8 characters of an archived thread
            }
        }
        return new AskRequest(account, prompt, mode, models, null, false, true, uuid, null);
    }

    /**
     * Asks and waits for the answer up to {@code waitSeconds}, reporting progress; the result's
     * {@code status} is completed, generating (still streaming, or cancelled) or failed.
     */
    public Answer ask(AskRequest request, int waitSeconds, Progress progress, BooleanSupplier cancelled) throws IOException {
        allowance.take();
        Running running = asker.start(request);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(waitSeconds);
        Watch watch = new Watch(progress);
        while (true) {
            watch.look(running.state().get());
            try {
                AskState done = running.done().get(POLL_MILLIS, TimeUnit.MILLISECONDS);
                watch.look(done); // the last status (COMPLETED) before the result
                return finished(request, done);
            } catch (TimeoutException e) {
                if (cancelled.getAsBoolean() || System.nanoTime() > deadline) {
                    return generating(request, running.state().get());
                }
            } catch (ExecutionException e) {
                throw new ToolException("The ask failed: " + oneLine(e.getCause()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return generating(request, running.state().get());
            }
        }
    }

    /** What the client has been told of an ask: a report on each change (created, status, +200 characters) or heartbeat. */
    private final class Watch {
        private final Progress progress;
        private String created = "";
        private String status = "";
        private int chars;
        private int reports;
        private long last = System.nanoTime();

        Watch(Progress progress) {
            this.progress = progress;
        }

        void look(AskState s) {
            if (progress == null) {
                return;
            }
            List<String> news = new java.util.ArrayList<>();
            if (s != null && !s.threadUuid().isEmpty() && created.isEmpty()) {
                created = s.threadUuid();
                news.add("thread created: " + s.threadUrl());
            }
            if (s != null && !s.status().isEmpty() && !s.status().equals(status)) {
                status = s.status();
                news.add("status " + status);
            }
            if (s != null && s.answerChars() - chars > PROGRESS_STEP) {
                chars = s.answerChars();
                news.add("generating: " + chars + " characters");
            }
            if (news.isEmpty() && System.nanoTime() - last >= TimeUnit.MILLISECONDS.toNanos(heartbeatMillis)) {
                news.add(s == null ? "waiting for the previous ask to finish" : "still " + (status.isEmpty()
                        ? "waiting for the answer" : status) + " (" + s.answerChars() + " characters, " + (int) s.elapsedSeconds() + " s)");
            }
            if (!news.isEmpty()) {
                progress.report(++reports, String.join("; ", news));
                last = System.nanoTime();
            }
        }
    }

    /** What the tool returns: the text for the model, and the structured result. */
    public record Answer(String text, Map<String, Object> structured, boolean error) {
    }

    private Answer finished(AskRequest request, AskState s) throws IOException {
        Map<String, Object> r = base(request, s);
        boolean ok = s.outcome() == AskState.Outcome.COMPLETED && s.archivedTo() != null;
        r.put("status", s.outcome() == AskState.Outcome.COMPLETED ? "completed" : "failed");
        Map<String, Object> products = archive.products(s.archivedTo());
        r.putAll(products);
        r.put("sources", archive.sources(s.archivedTo()));
        if (!ok) {
            String why = s.error() == null ? "the ask did not complete" : s.error().replaceFirst("^\\[ask]\\s*", "");
            if (s.outcome() == AskState.Outcome.COMPLETED) {
                why = "the answer completed but could not be archived yet (" + why + "); the next sync archives it";
            }
            return new Answer(sentence("The ask failed: " + why + (s.threadUrl() == null ? "" : " (" + s.threadUrl() + ")")), r, true);
        }
        String answer = archive.lastAnswer(s.archivedTo());
        StringBuilder text = new StringBuilder(answer);
        text.append("\n\n---\nThread ").append(s.threadUrl()).append(", archived to ").append(s.archivedTo()).append('.');
        if (Boolean.TRUE.equals(products.get("report"))) {
            text.append(" This thread has a deep-research report: read it with pplx_read_thread {\"thread\": \"")
                    .append(s.threadUuid()).append("\", \"part\": \"report\"} (page with offset/next_offset).");
        }
        r.put("answer_chars", answer.codePointCount(0, answer.length()));
        return new Answer(text.toString(), r, false);
    }

    private static Answer generating(AskRequest request, AskState s) {
        Map<String, Object> r = base(request, s);
        r.put("status", "generating");
        r.put("report", false);
        r.put("assets", List.of());
        r.put("sources", List.of());
        String url = s == null ? null : s.threadUrl();
        String text = "The answer is still being generated" + (url == null ? "" : " at " + url) + "; it keeps streaming in the"
                + " background and is archived when it completes (pplx_read_thread then reads it"
                + (s == null || s.threadUuid().isEmpty() ? "" : ": thread " + s.threadUuid()) + ").";
        return new Answer(text, r, false);
    }

    private static Map<String, Object> base(AskRequest request, AskState s) {
        Map<String, Object> r = new LinkedHashMap<>();
        String uuid = s == null ? "" : s.threadUuid();
        r.put("thread_uuid", uuid.isEmpty() ? null : uuid);
        r.put("thread_url", s == null ? null : s.threadUrl());
        r.put("mode", request.mode().id());
        r.put("status", "generating");
        r.put("archived_to", s == null ? null : s.archivedTo());
        r.put("answer_chars", s == null ? 0 : s.answerChars());
        return r;
    }

    static String oneLine(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t && (t.getMessage() == null || t instanceof ExecutionException
                || t.getClass().getName().startsWith("org.apache.camel.CamelExecution"))) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return sentence(m.lines().findFirst().orElse(m));
    }

    static String sentence(String s) {
        String t = s.strip();
        return t.endsWith(".") ? t : t + ".";
    }
}
