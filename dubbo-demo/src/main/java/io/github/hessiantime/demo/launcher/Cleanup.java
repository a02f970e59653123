package io.github.hessiantime.demo.launcher;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Everything the demo started, to stop newest first at the end. Synchronized: the shutdown hook may be closing from
 * another thread while the launcher still starts things.
 */
final class Cleanup {

    private final Deque<AutoCloseable> toClose = new ArrayDeque<>();

    /** Remembers {@code resource} to close at the end. */
    synchronized <T extends AutoCloseable> T track(T resource) {
        toClose.push(resource);
        return resource;
    }

    /** Forgets {@code resource}, which the caller closes itself. */
    synchronized void forget(AutoCloseable resource) {
        toClose.remove(resource);
    }

    /** Stops everything started, newest first; safe to call twice (normal end, then the shutdown hook). */
    synchronized void closeAll() {
        List<CompletableFuture<Void>> providersStopping = new ArrayList<>();
        while (!toClose.isEmpty()) {
            AutoCloseable resource = toClose.pop();
            if (resource instanceof ProviderJvm provider) {
                // the consumer is closed by now; providers stop in parallel (each waits for Dubbo's shutdown)
                providersStopping.add(CompletableFuture.runAsync(provider::close));
                continue;
            }
            awaitStopped(providersStopping); // before the registry they unregister from goes away
            try {
                resource.close();
            } catch (Exception e) {
                System.out.println("while stopping " + resource + ": " + e);
            }
        }
        awaitStopped(providersStopping);
    }

    private static void awaitStopped(List<CompletableFuture<Void>> stopping) {
        for (CompletableFuture<Void> provider : stopping) {
            try {
                provider.join();
            } catch (CompletionException e) {
                System.out.println("while stopping a provider: " + e.getCause());
            }
        }
        stopping.clear();
    }
}
