package io.github.hessiantime.bench.rpc;

import io.github.hessiantime.model.DateOrder;
import io.github.hessiantime.model.DateRow;
import io.github.hessiantime.model.InstantRow;
import io.github.hessiantime.model.LocalDateTimeRow;
import io.github.hessiantime.model.Page;
import io.github.hessiantime.model.TimeOrder;

import java.util.Map;

/** The RPC benchmark's service: echo a DTO or a page, so both the request and the response carry its time fields. */
public interface OrderService {

    DateOrder echoDateOrder(DateOrder order);

    TimeOrder echoTimeOrder(TimeOrder order);

    Page<DateRow> echoDatePage(Page<DateRow> page);

    Page<InstantRow> echoInstantPage(Page<InstantRow> page);

    Page<LocalDateTimeRow> echoLocalDateTimePage(Page<LocalDateTimeRow> page);

    /** CPU time the provider JVM has used so far, in nanoseconds (all its threads). */
    long processCpuNanos();

    /** Echo calls the provider received, keyed by "group serialization-name": which format was really used. */
    Map<String, Long> receivedSerializations();
}
