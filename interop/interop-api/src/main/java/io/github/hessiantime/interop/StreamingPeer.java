package io.github.hessiantime.interop;

import io.github.hessiantime.testsupport.TimeBag;
import org.apache.dubbo.common.stream.StreamObserver;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * {@link TimeStreams} for {@link PeerMain}: the provider and the calls of each stream kind. A class of its own so that
 * PeerMain never names a Dubbo 3 type: the Dubbo 2.7 peers run PeerMain too and never load this class.
 */
final class StreamingPeer {

    private StreamingPeer() {
    }

    static Class<?> serviceInterface() {
        return TimeStreams.class;
    }

    static Object provider(String name) {
        return new Provider(name);
    }

    /**
     * One stream of {@code kind} ({@code server}, {@code client} or {@code bidi}) through {@code reference}, with every
     * bag of the corpus: "OK kind=... sent=... received=..." if every bag arrived exact both ways and the stream
     * completed, FAIL with the first problem otherwise.
     */
    static String call(Object reference, String kind) {
        TimeStreams service = (TimeStreams) reference;
        Received received = new Received();
        int sent = 0;
        try {
            if ("server".equals(kind)) {
                sent = 1;
                service.bags(TimeBag.BAGS, received);
            } else if ("client".equals(kind) || "bidi".equals(kind)) {
                StreamObserver<TimeBag> requests = "client".equals(kind) ? service.checkAll(received)
                        : service.checkEach(received);
                for (int index = 0; index < TimeBag.BAGS; index++) {
                    requests.onNext(TimeBag.of(index));
                    sent++;
                }
                requests.onCompleted();
            } else {
                return "FAIL unknown stream kind " + kind;
            }
            received.completed.get(30, TimeUnit.SECONDS);
        } catch (Throwable e) {
            return "FAIL " + kind + " stream after " + sent + " sent, " + received.bags.size() + " received: "
                    + PeerMain.oneLine(e);
        }
        // what comes back: every bag in order (server, bidi), or the last one sent (client)
        int first = "client".equals(kind) ? TimeBag.BAGS - 1 : 0;
        int expected = "client".equals(kind) ? 1 : TimeBag.BAGS;
        if (received.bags.size() != expected) {
            return "FAIL " + kind + " stream: " + received.bags.size() + " bags came back, not " + expected;
        }
        for (int i = 0; i < expected; i++) {
            String differences = received.bags.get(i).differencesTo(TimeBag.of(first + i));
            if (!differences.isEmpty()) {
                return "FAIL " + kind + " stream: bag " + (first + i) + " came back different: "
                        + PeerMain.oneLine(differences);
            }
        }
        return "OK kind=" + kind + " sent=" + sent + " received=" + received.bags.size();
    }

    /** What a stream brought back, and whether it completed. */
    private static final class Received implements StreamObserver<TimeBag> {
        final List<TimeBag> bags = new CopyOnWriteArrayList<>();
        final CompletableFuture<Void> completed = new CompletableFuture<>();

        @Override
        public void onNext(TimeBag bag) {
            bags.add(bag);
        }

        @Override
        public void onError(Throwable throwable) {
            completed.completeExceptionally(throwable);
        }

        @Override
        public void onCompleted() {
            completed.complete(null);
        }
    }

    /** Checks every bag it receives against its own copy; a difference ends the stream with an error. */
    private static final class Provider implements TimeStreams {
        private final String name;

        Provider(String name) {
            this.name = name;
        }

        @Override
        public void bags(int count, StreamObserver<TimeBag> bags) {
            for (int index = 0; index < count; index++) {
                bags.onNext(TimeBag.of(index));
            }
            bags.onCompleted();
        }

        @Override
        public StreamObserver<TimeBag> checkAll(StreamObserver<TimeBag> last) {
            return new Checking(last, false);
        }

        @Override
        public StreamObserver<TimeBag> checkEach(StreamObserver<TimeBag> answers) {
            return new Checking(answers, true);
        }

        /** The provider's side of one client or bidirectional stream: bags arrive in order, 0, 1, ... */
        private final class Checking implements StreamObserver<TimeBag> {
            private final StreamObserver<TimeBag> answers;
            private final boolean answerEach;
            private int next;
            private boolean failed;

            Checking(StreamObserver<TimeBag> answers, boolean answerEach) {
                this.answers = answers;
                this.answerEach = answerEach;
            }

            @Override
            public synchronized void onNext(TimeBag bag) {
                if (failed) {
                    return;
                }
                String differences = bag.differencesTo(TimeBag.of(next));
                if (!differences.isEmpty()) {
                    failed = true;
                    answers.onError(new IllegalStateException(name + " received streamed bag " + next
                            + " different: " + differences));
                    return;
                }
                if (answerEach) {
                    answers.onNext(TimeBag.of(next));
                }
                next++;
            }

            @Override
            public synchronized void onError(Throwable throwable) {
                failed = true;
            }

            @Override
            public synchronized void onCompleted() {
                if (failed) {
                    return;
                }
                if (!answerEach) {
                    if (next == 0) {
                        answers.onError(new IllegalStateException(name + " received no bag"));
                        return;
                    }
                    answers.onNext(TimeBag.of(next - 1));
                }
                answers.onCompleted();
            }
        }
    }
}
