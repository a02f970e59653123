package io.github.hessiantime.bench.rpc;

import io.github.hessiantime.model.DateOrder;
import io.github.hessiantime.model.DateRow;
import io.github.hessiantime.model.InstantRow;
import io.github.hessiantime.model.LocalDateTimeRow;
import io.github.hessiantime.model.Page;
import io.github.hessiantime.model.TimeOrder;

import java.util.Map;

public class OrderServiceImpl implements OrderService {

    @Override
    public DateOrder echoDateOrder(DateOrder order) {
        return order;
    }

    @Override
    public TimeOrder echoTimeOrder(TimeOrder order) {
        return order;
    }

    @Override
    public Page<DateRow> echoDatePage(Page<DateRow> page) {
        return page;
    }

    @Override
    public Page<InstantRow> echoInstantPage(Page<InstantRow> page) {
        return page;
    }

    @Override
    public Page<LocalDateTimeRow> echoLocalDateTimePage(Page<LocalDateTimeRow> page) {
        return page;
    }

    @Override
    public long processCpuNanos() {
        return RpcBenchmark.processCpuNanos();
    }

    @Override
    public Map<String, Long> receivedSerializations() {
        return SerializationCountingFilter.snapshot();
    }
}
