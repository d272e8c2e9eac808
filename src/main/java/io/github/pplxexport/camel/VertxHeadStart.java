package io.github.pplxexport.camel;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.Main;
import org.apache.camel.main.MainListenerSupport;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * serve's HTTP engine, Vert.x, made on another core while Camel Main starts: making it is a fifth of serve's start
 * to the first page, and nothing else needs it until the HTTP server starts. platform-http takes a Vert.x it finds
 * in the registry (by type) before it makes one of its own (with the same default options); it closes only its
 * own, so this one is closed by {@link #close()} after the context stopped.
 */
final class VertxHeadStart implements AutoCloseable {
    private final FutureTask<Vertx> made = new FutureTask<>(() -> Vertx.vertx(new VertxOptions()));

    VertxHeadStart() {
        Thread t = new Thread(made, "pplx-vertx-start");
        t.setDaemon(true);
        t.start();
    }

    /** Binds the Vert.x being made into {@code main}'s registry; a lookup waits for it. */
    void bindTo(Main main) {
        main.addMainListener(new MainListenerSupport() {
            @Override
            public void beforeConfigure(BaseMainSupport m) {
                m.getCamelContext().getRegistry().bind("vertx", Vertx.class, VertxHeadStart.this::get);
            }
        });
    }

    private Vertx get() {
        try {
            return made.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while Vert.x started", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("Vert.x did not start: " + e.getCause(), e.getCause());
        }
    }

    @Override
    public void close() {
        try {
            made.get(10, TimeUnit.SECONDS).close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // not made, or slow to close: its threads end with the process
        }
    }
}
