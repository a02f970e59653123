package io.github.hessiantime.interop;

/** The service every peer flavour provides and calls. */
public interface TimeService {

    /**
     * The provider checks {@code bag} against its own copy of {@code Corpus.bag(index)} (throwing on any difference)
     * and answers with a freshly built {@code Corpus.bag(index)}, so both directions carry the whole corpus.
     */
    TimeBag check(int index, TimeBag bag);

    /** The provider's peer name, to see where calls went. */
    String name();
}
