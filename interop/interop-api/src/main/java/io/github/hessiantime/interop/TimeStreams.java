package io.github.hessiantime.interop;

import io.github.hessiantime.testsupport.TimeBag;
import org.apache.dubbo.common.stream.StreamObserver;

/**
 * The streaming service of the Dubbo 3 peers (Dubbo 2.7 has no {@code StreamObserver}): a plain Java interface, so
 * over Triple every message travels in Triple's wrapper mode. Every message carries a whole {@link TimeBag}.
 *
 * <p>Dubbo reads a method's kind from its signature ({@code ReflectionMethodDescriptor}, 3.2 and 3.3 alike): a
 * server stream is {@code void m(Request, StreamObserver<Response>)}; {@code StreamObserver<Request>
 * m(StreamObserver<Response>)} is a bidirectional stream, and a client stream has the same signature (Dubbo cannot
 * tell them apart for a plain interface), so {@link #checkAll} is a client stream by what it does and a
 * bidirectional stream to Dubbo and on the wire.
 */
public interface TimeStreams {

    /** Server stream: answers with {@code TimeBag.of(0) .. TimeBag.of(count - 1)}, then completes. */
    void bags(int count, StreamObserver<TimeBag> bags);

    /**
     * Client stream: the caller sends {@code TimeBag.of(0), TimeBag.of(1), ...}; the provider checks each exactly
     * and, when the caller completes, answers once with a fresh {@code TimeBag.of(last index)}.
     */
    StreamObserver<TimeBag> checkAll(StreamObserver<TimeBag> last);

    /**
     * Bidirectional stream: the caller sends {@code TimeBag.of(0), TimeBag.of(1), ...}; the provider checks each
     * exactly and answers each at once with a fresh copy, and completes when the caller does.
     */
    StreamObserver<TimeBag> checkEach(StreamObserver<TimeBag> answers);
}
