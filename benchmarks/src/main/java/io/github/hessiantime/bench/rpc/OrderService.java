package io.github.hessiantime.bench.rpc;

import io.github.hessiantime.bench.DateOrder;
import io.github.hessiantime.bench.TimeOrder;

import java.util.Map;

/** The RPC benchmark's service: echo a DTO, so both the request and the response carry its time fields. */
public interface OrderService {

    DateOrder echoDateOrder(DateOrder order);

    TimeOrder echoTimeOrder(TimeOrder order);

    /** CPU time the provider JVM has used so far, in nanoseconds (all its threads). */
    long processCpuNanos();

    /** Echo calls the provider received, keyed by "group serialization-name": which format was really used. */
    Map<String, Long> receivedSerializations();
}
