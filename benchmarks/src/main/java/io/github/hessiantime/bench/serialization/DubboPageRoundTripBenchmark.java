package io.github.hessiantime.bench.serialization;

import io.github.hessiantime.bench.Fixtures;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The page through Dubbo's own {@code Serialization} extensions, as a user's service sees it: the page of
 * {@link PageRoundTripBenchmark} (20 rows × 5 time fields, or {@link #rows}) written and read back by {@link DubboSerializationCodec},
 * one fresh message each way, timed against the {@code Date} page over {@code hessian2} by {@link PairedRoundTrips}
 * (same time slices, thread CPU time).
 *
 * <p>Candidates: the java.time pages over {@code hessian2-time} (hessian-time's negotiated serialization), over stock
 * {@code hessian2}, and the same pages over {@code fastjson2}, which Dubbo 3.3 ships and can negotiate instead. The
 * Date page against itself shows how far apart two equal sides measure; the Date page over {@code hessian2-time} is
 * what its type-safe bean reader costs a page without java.time fields. {@code localDateTimeRecords} and
 * {@code instantMillisRecords} are the LocalDateTime and Instant (ms) pages with records as rows, the same values: a
 * records page's speed divided by its page of classes' speed, both against the same Date page in the same run, is
 * issue 24's records target. {@code instantMillis} is the Instant page at
 * millisecond precision, {@code instantMicros} at microsecond precision as {@code Instant.now()} gives on JDK 15+ (see
 * {@link Fixtures#instantMicrosPage()}). Bytes per page of each case: {@link WireSizes}.
 *
 * <p>Dubbo checks every class it deserializes (STRICT by default in 3.3). An RPC service trusts the classes of its
 * interface by itself; here there is no service, so this module allows its DTO package the way a Dubbo user allows a
 * class: in {@code security/serialize.allowlist} on the class path (src/main/resources).
 */
public class DubboPageRoundTripBenchmark extends PairedBenchmark {

    @Param({
            "date:hessian2/date:hessian2",
            "date:hessian2-time/date:hessian2",
            "instantMillis:hessian2-time/date:hessian2",
            "instantMicros:hessian2-time/date:hessian2",
            "localDateTime:hessian2-time/date:hessian2",
            "offsetDateTime:hessian2-time/date:hessian2",
            "schedule:hessian2-time/date:hessian2",
            "localDateTimeRecords:hessian2-time/date:hessian2",
            "instantMillisRecords:hessian2-time/date:hessian2",
            "instantMillis:hessian2/date:hessian2",
            "localDateTime:hessian2/date:hessian2",
            "date:fastjson2/date:hessian2",
            "instantMillis:fastjson2/date:hessian2",
            "localDateTime:fastjson2/date:hessian2",
    })
    public String pair;

    /**
     * Rows per page, both sides: 20 in the page runs; {@code benchmarks/run.sh sizes} runs 1 (a single DTO, what most
     * calls carry), 20, 200 and 2,000, which shows what a message costs beside its values.
     */
    @Param({"20"})
    public int rows;

    /** Page round trips per timed batch, as in {@link PairedPageRoundTripBenchmark}. */
    public static final int PASSES = PairedPageRoundTripBenchmark.PASSES;

    @Setup
    public void setUp() {
        pairs = new PairedRoundTrips(pair, name -> new Object[]{Fixtures.pageByName(name, rows)},
                name -> DubboSerializationCodec.named(name)::roundTrip, PASSES);
    }
}
