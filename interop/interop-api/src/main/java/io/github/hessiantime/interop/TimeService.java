package io.github.hessiantime.interop;

import io.github.hessiantime.testsupport.TimeBag;

import java.util.concurrent.CompletableFuture;

/** The service every peer flavour provides and calls. */
public interface TimeService {

    /**
     * The provider checks {@code bag} against its own copy of {@code TimeBag.of(index)} (throwing on any difference)
     * and answers with a freshly built {@code TimeBag.of(index)}, so both directions carry the whole corpus.
     */
    TimeBag check(int index, TimeBag bag);

    /** Like {@link #check}, with {@code TimeBag.everyday(index)}: values every format here carries exactly. */
    TimeBag checkEveryday(int index, TimeBag bag);

    /** {@link #check}, answered asynchronously: the provider completes the future from another thread. */
    CompletableFuture<TimeBag> checkLater(int index, TimeBag bag);

    /**
     * Like {@link #check} but answers only with a word: for generic calls, whose answers Dubbo turns into maps by
     * reflection (which JDK 17 refuses for java.time's internals, with or without hessian-time).
     */
    String verify(int index, TimeBag bag);

    /** The provider's peer name, to see where calls went (also the no-argument call of the tests). */
    String name();

    /** The class name of what arrived: for the security tests, which send classes that must pass or be refused. */
    String accept(Object value);
}
